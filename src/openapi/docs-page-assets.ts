/**
 * The /docs page's own script and stylesheet, served as files because the page's CSP allows no
 * inline script. The script starts Swagger UI on /openapi.json; once it has rendered, it scrolls
 * to an error anchor the address names (`/docs#error-<code>`), because the reference rendered
 * above the table has moved it since the browser first scrolled there.
 */
export const docsScript = `"use strict";
window.addEventListener("DOMContentLoaded", function () {
  var target = window.location.hash.indexOf("#error") === 0 ? window.location.hash.slice(1) : null;
  window.SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#reference",
    deepLinking: true,
    validatorUrl: null,
    displayOperationId: true,
    defaultModelsExpandDepth: 0,
    docExpansion: "list",
    onComplete: function () {
      var element = target && document.getElementById(target);
      if (element) element.scrollIntoView();
    },
  });
});
`;

export const docsStylesheet = `body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1d2330}
.chorus-bar{display:flex;gap:24px;align-items:baseline;padding:12px 24px;border-bottom:1px solid #e3e6ec;background:#f7f8fa}
.chorus-bar nav a{margin-right:16px}
#errors{max-width:1460px;margin:0 auto;padding:24px 20px 48px}
#errors table{border-collapse:collapse;width:100%}
#errors td,#errors th{border-bottom:1px solid #e3e6ec;padding:6px 8px;text-align:left;vertical-align:top}
#errors th{background:#f7f8fa}
#errors code{background:#f1f3f7;padding:1px 4px;border-radius:3px}
#errors tr:target{background:#fff6d5}
`;
