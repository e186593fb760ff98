import { describe, expect, it } from 'vitest';
import { csvField, csvText, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Kamau, Jane')).toBe('"Kamau, Jane"');
    expect(csvField('The "best" mentor')).toBe('"The ""best"" mentor"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('keeps numbers and empty values as they are', () => {
    expect(csvField(2320)).toBe('2320');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('stops a spreadsheet from running text as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+254712345678')).toBe("'+254712345678");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@cmd')).toBe("'@cmd");
  });

  it('keeps phones, account numbers and references as text a spreadsheet will not change', () => {
    expect(csvField(csvText('254712345678'))).toBe("'254712345678");
    expect(csvField(csvText('0712345678'))).toBe("'0712345678");
    expect(csvField(csvText('00123456789'))).toBe("'00123456789");
    expect(csvField(csvText('0712 345 678'))).toBe("'0712 345 678");
    expect(csvField(csvText('1E5'))).toBe("'1E5");
    expect(csvField(csvText('+254712345678'))).toBe("'+254712345678");
    // Text no spreadsheet reads as a number stays as it is.
    expect(csvField(csvText('QK12ABC3DE'))).toBe('QK12ABC3DE');
    expect(csvField(csvText('ACC-0012'))).toBe('ACC-0012');
    expect(csvField(csvText(null))).toBe('');
    expect(csvField(csvText(''))).toBe('');
  });

  it('joins rows with CRLF after a byte order mark', () => {
    expect(
      toCsv([
        ['Name', 'Owed'],
        ['Jane, K.', 100],
      ]),
    ).toBe('\uFEFFName,Owed\r\n"Jane, K.",100\r\n');
  });
});
