/**
 * The bundled provider's own pages: complete HTML documents with no scripts and no external assets,
 * because they are served outside Remix (by Express and by oidc-provider's Koa app).
 */

/** One row of the seeded-accounts table on the sign-in page. */
export interface LocalAccountHint {
  /** Human label of the role, e.g. "Project manager". */
  roleLabel: string;
  login: string;
}

export type LoginField = "email" | "password";

export interface LoginPageModel {
  action: string;
  accounts: readonly LocalAccountHint[];
  passwordHint?: string;
  email?: string;
  errors?: Partial<Record<LoginField, string>>;
  /** A problem with the attempt as a whole (e.g. too many failures), listed first in the summary. */
  formError?: string;
}

export const LOCAL_SIGN_IN_TITLE = "Local evaluation sign-in";

const FIELD_ORDER: readonly LoginField[] = ["email", "password"];

export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function renderLoginPage(model: LoginPageModel): string {
  const errors = model.errors ?? {};
  const failed = FIELD_ORDER.filter((field) => errors[field]);
  const hasErrors = failed.length > 0 || Boolean(model.formError);
  const formErrorItem = model.formError ? `<li>${escapeHtml(model.formError)}</li>` : "";
  const summary = hasErrors
    ? `<div class="error-summary" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
        <div role="alert">
          <h2 id="error-summary-title">There is a problem</h2>
          <ul>${formErrorItem}${failed.map((field) => `<li><a href="#${field}">${escapeHtml(errors[field])}</a></li>`).join("")}</ul>
        </div>
      </div>`
    : "";
  const accountRows = model.accounts.map((account) => `<tr><td>${escapeHtml(account.roleLabel)}</td><td>${escapeHtml(account.login)}</td></tr>`).join("");
  const accountsTable = model.accounts.length
    ? `<table>
        <caption>Seeded accounts, one per role</caption>
        <thead><tr><th scope="col">Role</th><th scope="col">Email</th></tr></thead>
        <tbody>${accountRows}</tbody>
      </table>
      ${model.passwordHint ? `<p>Each seeded account uses the password <code>${escapeHtml(model.passwordHint)}</code>.</p>` : ""}`
    : "";

  const body = `${summary}
    <h1>${LOCAL_SIGN_IN_TITLE}</h1>
    <div class="notice">
      <p><strong>For evaluation only.</strong> This sign-in is bundled with the application so it can be tried
      without a corporate identity provider. It is switched off as soon as one is configured.</p>
    </div>
    <form method="post" action="${escapeHtml(model.action)}" novalidate>
      ${field({
        id: "email",
        label: "Email",
        attributes: `type="email" name="email" autocomplete="username" spellcheck="false" autocapitalize="none" value="${escapeHtml(model.email)}"`,
        error: errors.email,
      })}
      ${field({
        id: "password",
        label: "Password",
        attributes: `type="password" name="password" autocomplete="current-password"`,
        error: errors.password,
      })}
      <div class="actions">
        <button type="submit">Sign in</button>
        <a href="/">Cancel</a>
      </div>
    </form>
    ${accountsTable}`;

  return renderDocument({ title: hasErrors ? `Error: ${LOCAL_SIGN_IN_TITLE}` : LOCAL_SIGN_IN_TITLE, body });
}

export interface MessagePageModel {
  heading: string;
  paragraphs: string[];
  isError?: boolean;
}

/** A page with a heading, some text and a link back to the application. Text is escaped here. */
export function renderMessagePage({ heading, paragraphs, isError = true }: MessagePageModel): string {
  const body = `<h1>${escapeHtml(heading)}</h1>
    ${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join("\n")}
    <p><a href="/">Return to the application</a></p>`;
  const title = `${isError ? "Error: " : ""}${heading} – ${LOCAL_SIGN_IN_TITLE}`;
  return renderDocument({ title, body });
}

function field({ id, label, attributes, error }: { id: LoginField; label: string; attributes: string; error?: string }) {
  const errorId = `${id}-error`;
  return `<div class="field${error ? " field--error" : ""}">
        <label for="${id}">${label}</label>
        ${error ? `<p class="error-message" id="${errorId}"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ""}
        <input id="${id}" ${attributes}${error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ""}>
      </div>`;
}

export function renderDocument({ title, body }: { title: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

// Colours from the GOV.UK palette; every text/background pair is at least 4.5:1.
const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:100%;line-height:1.5;color:#0b0c0c;background:#f3f2f1}
body{margin:0}
main{display:block;max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem;background:#fff;min-height:100vh}
h1{font-size:2rem;line-height:1.2;margin:0 0 1rem}
p{margin:0 0 1rem}
a{color:#1d70b8;text-decoration:underline;text-underline-offset:.15em}
a:visited{color:#4c2c92}
a:hover{color:#003078;text-decoration-thickness:3px}
a:focus{outline:3px solid transparent;color:#0b0c0c;background:#ffdd00;box-shadow:0 -2px #ffdd00,0 4px #0b0c0c;text-decoration:none}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.95em;background:#f3f2f1;padding:0 .2em}
.notice{border-left:5px solid #1d70b8;background:#e8f1f8;padding:.75rem 1rem;margin:0 0 1.5rem}
.notice p:last-child{margin-bottom:0}
.field{margin:0 0 1.5rem}
.field--error{border-left:5px solid #d4351c;padding-left:.75rem}
label{display:block;font-weight:700;margin:0 0 .25rem}
input{display:block;width:100%;max-width:24rem;font:inherit;color:#0b0c0c;background:#fff;padding:.4rem .5rem;border:2px solid #0b0c0c;border-radius:0;margin:0}
.field--error input{border-color:#d4351c}
input:focus{outline:3px solid #ffdd00;outline-offset:0;box-shadow:inset 0 0 0 2px #0b0c0c}
.error-message{color:#d4351c;font-weight:700;margin:0 0 .25rem}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:1rem 1.5rem;margin:0 0 2rem}
button{font:inherit;font-weight:700;color:#fff;background:#00703c;border:2px solid transparent;border-radius:0;padding:.5rem 1.25rem;box-shadow:0 2px 0 #002d18;cursor:pointer}
button:hover{background:#005a30}
button:focus{outline:3px solid transparent;color:#0b0c0c;background:#ffdd00;border-color:#ffdd00;box-shadow:0 2px 0 #0b0c0c}
.error-summary{border:5px solid #d4351c;padding:1rem;margin:0 0 1.5rem}
.error-summary:focus{outline:3px solid #ffdd00;outline-offset:0}
.error-summary h2{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
.error-summary ul{margin:0;padding:0;list-style:none}
.error-summary li{color:#d4351c;font-weight:700}
.error-summary a{color:#d4351c;font-weight:700}
.error-summary a:focus{color:#0b0c0c}
table{border-collapse:collapse;width:100%;margin:0 0 1rem}
caption{text-align:left;font-weight:700;font-size:1.25rem;margin:0 0 .5rem}
th,td{text-align:left;vertical-align:top;padding:.5rem 1rem .5rem 0;border-bottom:1px solid #b1b4b6}
td{overflow-wrap:anywhere}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:0!important;padding:0!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;clip-path:inset(50%)!important;border:0!important;white-space:nowrap!important}
@media (max-width:30rem){h1{font-size:1.6rem}main{padding:1rem .75rem 2rem}}
`;
