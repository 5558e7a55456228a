/** The hosted page's stylesheet: one column, system fonts, visible focus, logical properties so RTL just works. */
export const PAGE_CSS = `
:root{--ink:#1a2233;--muted:#5b6576;--line:#d5dae3;--bg:#f3f5f9;--card:#fff;--brand:#1f5eff;--brand-dark:#1646c4;--bad:#c62828;--bad-bg:#fdecec;--ok:#1b7f3b;--ok-bg:#e8f5ec}
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",Arial,sans-serif;color:var(--ink);background:var(--bg);-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;padding:32px 16px}
main{width:100%;max-width:440px}
.panel{background:var(--card);border:1px solid var(--line);border-radius:14px;box-shadow:0 8px 30px rgba(20,30,60,.08);overflow:hidden}
.summary{padding:22px 24px 18px;border-bottom:1px solid var(--line);background:linear-gradient(180deg,#fafbfe,#fff)}
.merchant{margin:0;font-size:15px;font-weight:600;color:var(--muted);display:flex;align-items:center;gap:8px}
.amount{margin:6px 0 2px;font-size:30px;font-weight:700;letter-spacing:-.01em}
.order{margin:0;color:var(--muted);font-size:14px;overflow-wrap:anywhere}
form,.body{padding:22px 24px 24px}
.field{margin-bottom:16px}
.row{display:flex;gap:12px}
.row .field{flex:1;min-width:0}
label{display:block;font-size:14px;font-weight:600;margin-bottom:6px}
.hint{display:block;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-weight:400;color:var(--muted);font-size:12px;margin-top:2px}
input[type=text],input[type=tel],input[type=password]{width:100%;font:inherit;font-size:17px;padding:12px 14px;border:1px solid var(--line);border-radius:9px;background:#fff;color:var(--ink);transition:border-color .15s,box-shadow .15s}
input::placeholder{color:#9aa3b2}
input:focus{outline:none;border-color:var(--brand);box-shadow:0 0 0 3px rgba(31,94,255,.2)}
input[aria-invalid=true]{border-color:var(--bad);background:#fffafa}
input[aria-invalid=true]:focus{box-shadow:0 0 0 3px rgba(198,40,40,.18)}
.ltr{direction:ltr;text-align:start}
[dir=rtl] .ltr{text-align:end}
.error{color:var(--bad);font-size:13px;margin:6px 0 0;min-height:0}
.error:empty{display:none}
.alert{margin:0 0 16px;padding:12px 14px;border-radius:9px;background:var(--bad-bg);color:var(--bad);font-size:14px;font-weight:600}
.alert:empty{display:none}
.check{display:flex;gap:10px;align-items:flex-start;font-weight:400;font-size:14px}
.check input{width:18px;height:18px;margin:2px 0 0;accent-color:var(--brand)}
button,.button{display:block;width:100%;font:inherit;font-size:17px;font-weight:700;padding:14px;border:0;border-radius:10px;background:var(--brand);color:#fff;cursor:pointer;text-align:center;text-decoration:none;margin-top:6px}
button:hover,.button:hover{background:var(--brand-dark)}
button:focus-visible,.button:focus-visible,.link:focus-visible{outline:3px solid rgba(31,94,255,.45);outline-offset:2px}
button[disabled]{opacity:.7;cursor:progress}
.cancel{padding:0 24px 18px;margin-top:-14px}
.link{display:block;width:100%;margin-top:0;background:none;border:0;color:var(--muted);font-size:14px;font-weight:500;text-decoration:underline;cursor:pointer;padding:6px}
.link:hover{color:var(--ink);background:none}
.secure{display:flex;gap:8px;align-items:center;justify-content:center;color:var(--muted);font-size:12.5px;margin:16px 4px 0;text-align:center}
.brands{display:flex;gap:6px;margin-top:8px}
.brand{font-size:11px;font-weight:800;letter-spacing:.04em;border:1px solid var(--line);border-radius:5px;padding:2px 6px;color:#233;background:#fff}
.brand.visa{color:#1a1f71}.brand.mc{color:#eb001b}
.status{font-size:22px;margin:4px 0 8px}
.status.ok{color:var(--ok)}.status.bad{color:var(--bad)}
.message{color:var(--muted);margin:0 0 18px;font-size:15px}
.badge{display:inline-block;font-size:12px;font-weight:700;background:#fff4d6;color:#7a5600;border-radius:999px;padding:3px 10px;margin-bottom:10px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);border:0}
fieldset.choices{border:0;margin:0 0 16px;padding:0;min-width:0}
fieldset.choices legend{font-size:14px;font-weight:600;margin-bottom:8px;padding:0}
.choice{display:flex;gap:12px;align-items:center;font-weight:400;border:1px solid var(--line);border-radius:10px;padding:12px 14px;margin-bottom:8px;cursor:pointer}
.choice:has(input:checked){border-color:var(--brand);box-shadow:0 0 0 1px var(--brand) inset;background:#f6f8ff}
.choice input{width:18px;height:18px;margin:0;accent-color:var(--brand);flex:none}
.choice-text{display:flex;flex-direction:column;gap:2px;font-size:15px;font-weight:600}
.saved-detail{font-size:13px;font-weight:400;color:var(--muted)}
.saved-card{display:flex;flex-direction:column;gap:3px;border:1px solid var(--line);border-radius:10px;padding:14px;margin-bottom:14px;background:#fafbfe}
.saved-label{font-size:12px;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
.saved-card strong{font-size:18px;letter-spacing:.02em}
.section{font-size:15px;margin:0 0 12px;color:var(--muted)}
[hidden]{display:none!important}
fieldset.methods{display:flex;gap:8px;border:0;margin:0 0 18px;padding:0;min-width:0}
.tab{flex:1;display:flex;gap:8px;align-items:center;justify-content:center;margin:0;border:1px solid var(--line);border-radius:10px;padding:10px;font-size:15px;cursor:pointer}
.tab:has(input:checked){border-color:var(--brand);box-shadow:0 0 0 1px var(--brand) inset;background:#f6f8ff;color:var(--brand-dark)}
.tab input{margin:0;accent-color:var(--brand)}
input[type=email]{width:100%;font:inherit;font-size:17px;padding:12px 14px;border:1px solid var(--line);border-radius:9px;background:#fff;color:var(--ink)}
@media (max-width:480px){body{padding:0}main{max-width:none}.panel{border-radius:0;border-left:0;border-right:0;box-shadow:none}.amount{font-size:26px}}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}
`;
