/**
 * The reference's stylesheet: system fonts, no images, colours that pass WCAG AA contrast. Below
 * 900 px the navigation moves under the content and long code wraps instead of scrolling, so
 * nothing scrolls sideways on a phone.
 */
export const docsStylesheet = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2330;background:#fff}
a{color:#0b57d0}
a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
code{font:0.9em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f1f3f7;padding:1px 4px;border-radius:3px;overflow-wrap:anywhere}
pre.code{font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f6f8fa;border:1px solid #d9dee6;border-radius:6px;padding:12px;white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
.skip{position:absolute;left:-9999px;top:0}
.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:10}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.bar{display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center;padding:10px 20px;border-bottom:1px solid #d9dee6;background:#f7f8fa;position:sticky;top:0;z-index:5}
.brand{font-weight:700;color:#1d2330;text-decoration:none;font-size:18px}
.brand small{font-weight:400;color:#4a5160}
.search{position:relative;flex:1 1 280px;max-width:560px;display:flex;gap:8px;align-items:center}
.search label{font-size:14px;white-space:nowrap}
.search input{flex:1;min-width:0;font:inherit;padding:6px 10px;border:1px solid #8a93a3;border-radius:6px}
#search-results{position:absolute;top:100%;left:0;right:0;margin:4px 0 0;padding:4px;list-style:none;background:#fff;border:1px solid #8a93a3;border-radius:6px;box-shadow:0 6px 24px rgba(0,0,0,.15);max-height:70vh;overflow:auto}
#search-results a{display:block;padding:6px 8px;text-decoration:none;color:#1d2330;border-radius:4px}
#search-results a:hover,#search-results a:focus{background:#e8f0fe}
#search-results small{color:#4a5160}
.frame{display:grid;grid-template-columns:260px minmax(0,1fr);gap:32px;max-width:1400px;margin:0 auto;padding:0 20px}
.side{font-size:14px;padding:20px 0;border-right:1px solid #e3e6ec;padding-right:16px}
.side ul{list-style:none;margin:0 0 12px;padding:0}
.side ul ul{padding-left:12px;border-left:2px solid #e3e6ec;margin:4px 0 8px}
.side li{margin:3px 0}
.side a{text-decoration:none}
.side a[aria-current=page]{font-weight:700;color:#1d2330}
.nav-head{font-weight:700;margin:8px 0 4px;color:#1d2330}
main{padding:20px 0 64px;min-width:0;overflow-wrap:anywhere}
h1{font-size:30px;line-height:1.25;margin:8px 0 12px}
h2{font-size:22px;margin:32px 0 10px;padding-top:8px;border-top:1px solid #e3e6ec}
h3{font-size:17px;margin:20px 0 8px}
.lead{font-size:17px}
.crumb,.meta{color:#4a5160;font-size:14px;margin:0}
.endpoint{font-size:17px}
.method{display:inline-block;min-width:58px;text-align:center;font:700 12px/1 ui-monospace,monospace;padding:5px 6px;border-radius:4px;color:#fff;background:#4a5160;vertical-align:middle}
.method-get{background:#0a6b3d}.method-post{background:#0b57d0}.method-put{background:#6b3fa0}.method-patch{background:#8a4b00}.method-delete{background:#b3261e}
.operations{list-style:none;padding:0;margin:0}
.operations a{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center;padding:7px 8px;border-radius:6px;text-decoration:none;color:#1d2330}
.operations a:hover{background:#f1f3f7}
.operations .summary{color:#0b57d0}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}
.cards li{border:1px solid #d9dee6;border-radius:8px;padding:12px}
.cards p{margin:4px 0 0;font-size:14px;color:#4a5160}
.fields{list-style:none;padding:0;margin:0}
.fields>li{border-top:1px solid #e3e6ec;padding:8px 0}
.fields p{margin:2px 0}
.field-head{display:flex;flex-wrap:wrap;gap:2px 8px;align-items:baseline}
.field-name{font-weight:700;background:none;padding:0}
.type{color:#4a5160;font-size:14px}
.where{color:#4a5160;font-size:14px}
.required{color:#b3261e;font-size:13px;font-weight:600}
.optional{color:#4a5160;font-size:13px}
.constraints{font-size:14px;color:#3d4452}
.constraints::before{content:"Constraints: ";font-weight:600}
details.nested{margin:6px 0 0 4px;padding-left:12px;border-left:2px solid #e3e6ec}
details.nested summary{cursor:pointer;font-size:14px;color:#0b57d0}
.content-type{margin:4px 0 8px}
figure{margin:12px 0}
figcaption{font-weight:600;font-size:14px;margin-bottom:4px}
.status{display:inline-block;font:700 13px/1 ui-monospace,monospace;padding:4px 6px;border-radius:4px;background:#e3e6ec;color:#1d2330}
.status-2{background:#d4f0de;color:#0a5230}.status-4{background:#fde7e4;color:#8c1d16}.status-5{background:#fde7e4;color:#8c1d16}
.try-it form{border:1px solid #d9dee6;border-radius:8px;padding:12px 16px;background:#fbfcfd}
.control{display:flex;flex-direction:column;gap:4px;margin:0 0 12px}
.control label{font-weight:600;font-size:14px}
.control input,.control textarea{font:14px/1.4 ui-monospace,monospace;padding:6px 8px;border:1px solid #8a93a3;border-radius:6px;width:100%;max-width:640px}
.help{font-size:13px;color:#4a5160}
button{font:inherit;font-weight:600;padding:8px 14px;border-radius:6px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer;max-width:100%;overflow-wrap:anywhere;text-align:left}
.try-status{font-weight:600;min-height:1.5em}
table.errors{border-collapse:collapse;width:100%;font-size:14px}
table.errors th,table.errors td{border-bottom:1px solid #e3e6ec;padding:6px 8px;text-align:left;vertical-align:top}
table.errors thead th{background:#f7f8fa}
table.errors tr:target{background:#fff6d5}
@media (max-width:900px){
.frame{grid-template-columns:minmax(0,1fr);gap:0;padding:0 14px}
.side{order:2;border-right:0;border-top:1px solid #e3e6ec;padding-right:0}
.bar{padding:8px 14px;position:static}
.search{flex-basis:100%}
.search label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
h1{font-size:24px}
table.errors thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.errors,table.errors tbody,table.errors tr,table.errors th,table.errors td{display:block}
table.errors tr{border-bottom:2px solid #d9dee6;padding:6px 0}
table.errors th,table.errors td{border:0;padding:2px 0}
table.errors td::before{content:attr(data-label) ": ";font-weight:600}
}
`;
