/*
 * The dashboard's stylesheet, served as a file (/dashboard/assets/dashboard.css) so the CSP can
 * forbid inline style. The connect pages' visual language: system font, one blue, yellow test
 * banner, visible focus, WCAG AA contrast, large tap targets; one column below 720px, tables as cards below 640px.
 */
export const dashboardCss = `*{box-sizing:border-box}body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;background:#f5f6f8}
a{color:#1f4fd1}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:10}
header.top{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;padding:10px 20px;background:#fff;border-bottom:1px solid #dde1e8}
.brand{font-weight:700;font-size:1.1rem}.who{color:#4a5263;font-size:.9rem}
nav.main ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px;margin:0;padding:0 20px;background:#fff;border-bottom:1px solid #dde1e8}
nav.main a{display:inline-block;padding:10px 12px;text-decoration:none;color:#1d2330;border-bottom:3px solid transparent}
nav.main a[aria-current=page]{border-bottom-color:#1f4fd1;font-weight:600}
main{max-width:1040px;margin:20px auto;padding:0 16px}
section.card{background:#fff;border:1px solid #dde1e8;border-radius:10px;padding:18px 20px;margin:0 0 16px}
h1{font-size:1.5rem;margin:0 0 12px}h2{font-size:1.15rem;margin:0 0 10px}p{margin:8px 0}.muted{color:#4a5263}
.banner{background:#fff6d5;border-bottom:1px solid #e6c65c;padding:8px 20px;font-size:.95rem}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:12px}
.stat{border:1px solid #dde1e8;border-radius:8px;padding:12px}.stat strong{display:block;font-size:1.4rem}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #e6e9ef;vertical-align:top}
.table-wrap{overflow-x:auto}
button,.button{display:inline-block;padding:8px 14px;border:1px solid #8a93a3;border-radius:8px;background:#fff;color:#1d2330;font:inherit;font-weight:600;text-decoration:none;cursor:pointer;min-height:40px}
button:hover,.button:hover{background:#eef1f6}.primary{background:#1f4fd1;border-color:#1f4fd1;color:#fff}.primary:hover{background:#1a43b3}
.danger{border-color:#b3261e;color:#b3261e}
form.inline{display:inline}
label{display:block;font-weight:600;margin:12px 0 4px}input,select,textarea{width:100%;padding:8px 10px;border:1px solid #8a93a3;border-radius:6px;font:inherit;background:#fff;color:#1d2330}
input[type=checkbox],input[type=radio]{width:auto;margin-right:6px}fieldset{border:1px solid #dde1e8;border-radius:8px;margin:12px 0;padding:8px 12px}
legend{font-weight:600}.check{display:flex;align-items:center;font-weight:400;margin:6px 0}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}.row>*{flex:1 1 180px}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:.85rem;border:1px solid #8a93a3}
.state-published,.state-active{background:#e8f5e9;border-color:#2e7d32;color:#1b5e20}.state-failed,.state-needs_reauth{background:#fdecec;border-color:#b3261e;color:#8c1d18}
.state-scheduled,.state-processing{background:#e8eefc;border-color:#1f4fd1;color:#173b9e}
.alert{border-left:4px solid #c62828;background:#fdecec;padding:10px 14px;margin:12px 0;border-radius:4px}
.ok{border-left:4px solid #2e7d32;background:#e8f5e9;padding:10px 14px;margin:12px 0;border-radius:4px}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:#f5f6f8;padding:8px;border-radius:6px}
nav.sub ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px;margin:0 0 12px;padding:0}nav.sub a{display:inline-block;padding:8px 12px;min-height:40px;border:1px solid #dde1e8;border-radius:8px;background:#fff;text-decoration:none;color:#1d2330}nav.sub a[aria-current=page]{border-color:#1f4fd1;font-weight:600}
ul.items{list-style:none;padding:0;margin:0}ul.items>li,ol.items>li{border-top:1px solid #e6e9ef;padding:10px 0}.quote{border-left:3px solid #dde1e8;padding-left:10px;overflow-wrap:anywhere}
.message.out{margin-left:12%}.problem{margin:8px 0}figure.chart{margin:12px 0}figure.chart svg{width:100%;height:auto;max-height:200px;display:block}
dl.metrics{display:flex;flex-wrap:wrap;gap:8px 20px;margin:8px 0}dl.metrics dt{font-size:.85rem;color:#4a5263}dl.metrics dd{margin:0;font-weight:600}
.day{border-top:1px solid #e6e9ef;padding:8px 0}.day h3{font-size:1rem;margin:4px 0}
main{overflow-wrap:anywhere}.logo{vertical-align:-4px;flex:none}.check .logo{margin-right:4px}
.counters{list-style:none;padding:0;margin:8px 0;display:flex;flex-wrap:wrap;gap:4px 16px;font-size:.9rem}.counters .over{color:#8c1d18;font-weight:600}
.picker{margin:8px 0}.actions{margin-top:12px}.actions>*{flex:0 0 auto}.actions form{margin:0}ul.items>li.target{padding:12px 0}details{margin:8px 0}summary{cursor:pointer;min-height:24px}
.state-unknown,.state-partial,.state-draft,.state-token_expiring{background:#fff6d5;border-color:#8a6d00;color:#5c4800}.state-revoked,.state-needs_reconnecting{background:#fdecec;border-color:#b3261e;color:#8c1d18}
.cal-head{display:grid;grid-template-columns:repeat(7,minmax(0,1fr));gap:4px;margin:0 0 4px;font-weight:600;font-size:.85rem;color:#4a5263}
ol.cal-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(7,minmax(0,1fr));gap:4px}
.cal-day{border:1px solid #dde1e8;border-radius:6px;padding:4px 6px;min-height:90px;background:#fff;min-width:0}.cal-day.outside{background:#f5f6f8}
.cal-day h3{font-size:.85rem;margin:0 0 4px}ul.cal-entries{list-style:none;margin:0;padding:0}.cal-entries>li{border-top:1px solid #e6e9ef;padding:4px 0;font-size:.85rem}
.cal-entries p{margin:2px 0}.cal-post[draggable]{cursor:grab}.cal-slot{color:#173b9e;border-left:3px dashed #1f4fd1;padding-left:4px}.cal-nothing{font-size:.85rem;margin:0}
.cal-day details form{margin:4px 0}.cal-step>*{flex:0 0 auto}
ul.media-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:12px}.media-card{border:1px solid #dde1e8;border-radius:8px;padding:8px;min-width:0}
.media-card p{margin:4px 0;font-size:.9rem}.thumb{display:block;width:100%;height:120px;object-fit:cover;border-radius:6px;background:#eef1f6}.video-tile{display:flex;align-items:center;justify-content:center;font-weight:600;color:#1d2330}
.drop-zone{border:2px dashed #8a93a3;border-radius:10px;padding:12px}.drop-zone.dragging{border-color:#1f4fd1;background:#e8eefc}progress{width:100%;height:16px}
.decide{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-end}.decide>form{flex:1 1 260px;min-width:0;margin:0}.slot-list{display:flex;flex-wrap:wrap;gap:4px 16px;padding-left:18px}
.library-pick{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px}.library-pick label{font-weight:400;margin:0}
.previews{display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:12px}.preview-card{border:1px solid #dde1e8;border-radius:10px;padding:12px;min-width:0}.preview-card h3{font-size:1rem;margin:0 0 6px}
.preview-text{white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0}.counter{font-size:.85rem;margin:2px 0}.counter.over,p.over{color:#8c1d18;font-weight:600}
.link-card{border:1px solid #c7cdd8;border-radius:8px;padding:8px;overflow-wrap:anywhere;font-size:.9rem}.preview-reply{border-left:3px solid #c7cdd8;padding-left:10px;margin:8px 0 0}.preview-reply>p.muted{margin:0;font-size:.85rem}
.crops{display:grid;gap:4px;margin:8px 0}.crops-2,.crops-3,.crops-4{grid-template-columns:1fr 1fr}.crop{margin:0}.crop svg{display:block;width:100%;height:auto;max-height:360px;background:#eef1f6;border-radius:6px}.crop figcaption{font-size:.8rem}.video-box{fill:#d9dee8}
.media-item:has(.thumb){display:grid;grid-template-columns:96px 1fr;gap:4px 12px;align-items:center}.media-item .thumb{height:72px;grid-row:span 2}.media-item label,.media-item input:not([type=hidden]){grid-column:2}
@media (max-width:900px){.cal-head{display:none}ol.cal-grid{grid-template-columns:1fr}.cal-day{min-height:0}.cal-month .cal-day.empty{display:none}}
@media (max-width:640px){.table-wrap table,.table-wrap thead,.table-wrap tbody,.table-wrap tr,.table-wrap th,.table-wrap td{display:block;width:100%}.table-wrap thead tr{position:absolute;left:-9999px;top:auto}
.table-wrap tr{border:1px solid #dde1e8;border-radius:8px;margin:0 0 10px;padding:6px 10px}.table-wrap td,.table-wrap tbody th{border:0;padding:4px 0}
.table-wrap td[data-label]:not([data-label=""])::before,.table-wrap tbody th[data-label]:not([data-label=""])::before{content:attr(data-label);display:block;font-size:.8rem;font-weight:600;color:#4a5263}}
@media (max-width:720px){header.top,nav.main ul{padding-left:10px;padding-right:10px}main{padding:0 8px}th,td{padding:6px 4px}}`;
