/**
 * The hosted page's HTML: no inline script (the app's CSP is script-src 'self'), plain forms that work
 * without JavaScript. The page that returns to the merchant has a 'Continue to merchant' button and a
 * same-origin script that presses it.
 */

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const style = `
  body { font-family: system-ui, sans-serif; background: #f4f6f8; margin: 0; padding: 24px 12px; color: #1a1b1e; }
  main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 10px; padding: 24px;
    box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.3rem; margin: 0 0 4px; }
  p { margin: 6px 0; }
  .muted { color: #5c5f66; font-size: .9rem; }
  label { display: block; font-weight: 600; margin: 14px 0 4px; font-size: .95rem; }
  input { width: 100%; box-sizing: border-box; font-size: 1rem; padding: 10px; border: 1px solid #ced4da; border-radius: 6px; }
  .row { display: flex; gap: 10px; }
  .row > div { flex: 1; }
  .actions { display: flex; gap: 10px; margin-top: 20px; }
  button { flex: 1; font-size: 1rem; padding: 12px; border-radius: 6px; border: 0; cursor: pointer; }
  .pay { background: #1c7ed6; color: #fff; }
  .cancel { background: #e9ecef; color: #1a1b1e; }
  .error { color: #c92a2a; font-weight: 600; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 12px 0; }
  dt { color: #5c5f66; } dd { margin: 0; font-weight: 600; }
`;

function page(title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
${script ? `<script src="${escapeHtml(script)}"></script>` : ''}
</body>
</html>`;
}

export interface CardPageInput {
  token: string;
  action: string;
  reference: string;
  amount: string;
  currency: string;
  error?: string;
}

/** The card form: number, expiry, security code; Pay and Cancel. */
export function cardPage(input: CardPageInput): string {
  return page(
    'Secure Acceptance — Payment',
    `<h1>Pay by card</h1>
<p class="muted">Secure Acceptance test page (sandbox). No real card is charged.</p>
<dl>
  <dt>Reference</dt><dd>${escapeHtml(input.reference)}</dd>
  <dt>Amount</dt><dd>${escapeHtml(input.currency)} ${escapeHtml(input.amount)}</dd>
</dl>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}">
  <input type="hidden" name="checkout" value="${escapeHtml(input.token)}">
  <label for="card_number">Card number</label>
  <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111">
  <div class="row">
    <div>
      <label for="card_expiry">Expiry (MM/YYYY)</label>
      <input id="card_expiry" name="card_expiry" autocomplete="cc-exp" placeholder="12/2030">
    </div>
    <div>
      <label for="card_cvn">Security code</label>
      <input id="card_cvn" name="card_cvn" inputmode="numeric" autocomplete="cc-csc" placeholder="123">
    </div>
  </div>
  <div class="actions">
    <button class="cancel" type="submit" name="action" value="cancel">Cancel</button>
    <button class="pay" type="submit" name="action" value="pay">Pay</button>
  </div>
</form>`,
  );
}

/** The request was refused before the card form (reason 102 or 104). */
export function errorPage(reasonCode: number, message: string): string {
  return page(
    'Secure Acceptance — Error',
    `<h1>Payment request refused</h1>
<p class="error" role="alert">Reason code ${reasonCode}: ${escapeHtml(message)}</p>
<p class="muted">The merchant's request could not be accepted. Nothing was charged.</p>`,
  );
}

/**
 * The signed receipt posted back through the browser: a form with a 'Continue to merchant' button, pressed
 * by the same-origin script.
 */
export function returnPage(input: {
  action: string;
  fields: Record<string, string>;
  script: string;
  decision: string;
}): string {
  const hidden = Object.entries(input.fields)
    .map(([name, value]) => `  <input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const headline =
    input.decision === 'ACCEPT'
      ? 'Payment approved'
      : input.decision === 'CANCEL'
        ? 'Payment cancelled'
        : 'Payment declined';
  return page(
    'Secure Acceptance — Return to merchant',
    `<h1>${escapeHtml(headline)}</h1>
<p class="muted">Returning you to the merchant…</p>
<form id="merchant-return" method="post" action="${escapeHtml(input.action)}" data-autosubmit>
${hidden}
  <div class="actions"><button class="pay" type="submit">Continue to merchant</button></div>
</form>`,
    input.script,
  );
}

/** Presses the return form once the page has loaded (served from the sandbox: allowed by script-src 'self'). */
export const autoSubmitScript = `(function () {
  var form = document.querySelector('form[data-autosubmit]');
  if (form && !form.hasAttribute('data-submitted')) {
    form.setAttribute('data-submitted', '');
    form.submit();
  }
})();
`;
