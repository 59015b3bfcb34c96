/**
 * The reference's only script (a few KB, no library), served as a file because the CSP allows no
 * inline script. It does three things:
 * - sends an old error link (`/docs#error-<code>`) on to its row on /docs/errors;
 * - search: loads /docs/search.json on first use and lists what matches every word typed;
 * - try-it: sends an operation's form with fetch to this origin, with the key pasted into the
 *   form as the bearer token and no cookie, and shows the status and body. The key is never stored.
 * When it has set everything up it marks the page `data-ready` (the bench's time to interactive).
 */
export const docsScript = `"use strict";
(function () {
  if (location.pathname === "/docs" && location.hash.indexOf("#error-") === 0) {
    location.replace("/docs/errors" + location.hash);
    return;
  }
  var input = document.getElementById("search-input");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var entries = null;
  var loading = null;
  function load() {
    if (!loading) loading = fetch("/docs/search.json").then(function (r) { return r.json(); }).then(function (data) { entries = data; });
    return loading;
  }
  function search() {
    var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
    list.textContent = "";
    if (words.length === 0 || !entries) { list.hidden = true; status.textContent = ""; return; }
    var found = [];
    for (var i = 0; i < entries.length && found.length < 200; i++) {
      var entry = entries[i];
      var title = entry[0].toLowerCase();
      var text = title + " " + entry[2].toLowerCase() + " " + entry[3].toLowerCase();
      var all = true, score = 0;
      for (var w = 0; w < words.length; w++) {
        if (text.indexOf(words[w]) < 0) { all = false; break; }
        if (title.indexOf(words[w]) >= 0) score += 2;
      }
      if (all) found.push({ entry: entry, score: score, order: i });
    }
    found.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    found.slice(0, 20).forEach(function (hit) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = hit.entry[1];
      var name = document.createElement("span");
      name.textContent = hit.entry[0];
      var where = document.createElement("small");
      where.textContent = hit.entry[2];
      link.append(name, " ", where);
      item.append(link);
      list.append(item);
    });
    list.hidden = false;
    status.textContent = found.length === 0 ? "Nothing found" : found.length + (found.length === 1 ? " result" : " results");
    if (found.length === 0) { var none = document.createElement("li"); none.textContent = "Nothing found for " + input.value; list.append(none); }
  }
  if (input && list && status) {
    input.disabled = false;
    input.addEventListener("focus", load);
    input.addEventListener("input", function () { load().then(search); });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { input.value = ""; search(); }
      if (event.key === "ArrowDown") { var first = list.querySelector("a"); if (first) { event.preventDefault(); first.focus(); } }
    });
    list.addEventListener("keydown", function (event) {
      var links = Array.prototype.slice.call(list.querySelectorAll("a"));
      var at = links.indexOf(document.activeElement);
      if (event.key === "ArrowDown" && at >= 0 && at < links.length - 1) { event.preventDefault(); links[at + 1].focus(); }
      if (event.key === "ArrowUp") { event.preventDefault(); if (at > 0) links[at - 1].focus(); else input.focus(); }
    });
  }

  function send(form) {
    var out = form.querySelector(".try-output");
    var line = form.querySelector(".try-status");
    var path = form.getAttribute("data-path");
    var query = new URLSearchParams();
    var body;
    var problem = null;
    form.querySelectorAll("[data-in]").forEach(function (field) {
      var where = field.getAttribute("data-in"), name = field.getAttribute("data-name"), value = field.value.trim();
      if (where === "path") {
        if (!value) problem = "Fill in " + name + ".";
        path = path.replace("{" + name + "}", encodeURIComponent(value));
      } else if (where === "query" && value) query.append(name, value);
      else if (where === "body") body = value;
    });
    var headers = {};
    var key = form.querySelector("[name=key]");
    if (key && key.value.trim()) headers.authorization = "Bearer " + key.value.trim();
    else if (form.getAttribute("data-key") === "yes") problem = problem || "Paste a test key (sk_test_…) first.";
    if (body !== undefined) {
      try { JSON.parse(body); } catch (error) { problem = problem || "The body is not JSON: " + error.message; }
      headers["content-type"] = "application/json";
    }
    if (problem) { line.textContent = problem; return; }
    var search = query.toString();
    var started = performance.now();
    line.textContent = "Sending…";
    fetch(path + (search ? "?" + search : ""), { method: form.getAttribute("data-method"), headers: headers, body: body, credentials: "omit" })
      .then(function (response) {
        return response.text().then(function (text) {
          var shown = text;
          try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (ignored) {}
          line.textContent = response.status + " " + response.statusText + " in " + Math.round(performance.now() - started) + " ms";
          out.textContent = shown || "(no body)";
          out.hidden = false;
        });
      })
      .catch(function (error) { line.textContent = "The request failed: " + error.message; });
  }
  document.querySelectorAll("form.try").forEach(function (form) {
    form.addEventListener("submit", function (event) { event.preventDefault(); send(form); });
  });
  if (window.performance && performance.mark) performance.mark("docs-ready");
  document.documentElement.setAttribute("data-ready", "1");
})();
`;
