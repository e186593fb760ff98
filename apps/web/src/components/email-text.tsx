import { Fragment } from 'react';

/**
 * An e-mail address that, when it does not fit (a long one at 360 px), breaks before its @ or a dot, and
 * only inside a part when that part alone is wider than the line. Copying it copies the address as it is.
 */
export function EmailText({ email }: { email: string }) {
  let offset = 0;
  const parts = email.split(/(?=[@.])/).map((part) => {
    const at = offset;
    offset += part.length;
    return { at, part };
  });
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {parts.map(({ at, part }) => (
        <Fragment key={at}>
          {at > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
