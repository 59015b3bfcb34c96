/*
 * The dashboard's own script, served as a file (/dashboard/assets/dashboard.js) because the CSP
 * forbids inline script. It only adds checks the server makes again: every form works without it.
 * - a timezone picker marked data-browser-zone starts on the browser's zone unless the page chose one;
 * - Schedule with no date or time is stopped before it is sent (it would otherwise be refused);
 * - Publish, Schedule and Add to queue are stopped while the checks say a network will refuse the post, only when
 *   those checks answered the form as it is now: a field changed since (the checks' 400 ms delay,
 *   a request under way) leaves the stale answer to the server, which checks again. Each answer is
 *   matched to the form as its request read it (htmx reads the form when a check is triggered, and
 *   a check queued behind another is sent later), never to the form when it was sent;
 * - Allow on the consent page is stopped when it would grant nothing (no action, no brand or no network), naming the empty group;
 * - the calendar and the posts list open in the browser's zone when their address names none (a reload with tz=);
 * - a scheduled post dragged to another day on the calendar submits its own Move form with that
 *   date (the form stays the way to do it by keyboard or without script);
 * - the media library's upload form sends its file with a progress bar, and takes a file dropped on it;
 * - Compose's Upload sends the form with a progress bar and swaps in only the media list (alt text
 *   typed meanwhile kept) and each network's file choice with the new file, so nothing typed or
 *   ticked is reloaded; the checks then run again.
 */
export const dashboardScript = `(function(){"use strict";
var zone="";try{zone=Intl.DateTimeFormat().resolvedOptions().timeZone||""}catch(e){}
function zones(){document.querySelectorAll("select[data-browser-zone]").forEach(function(s){if(s.getAttribute("data-chosen")==="yes"||!zone)return;for(var i=0;i<s.options.length;i++)if(s.options[i].value===zone){s.value=zone;return}})}
function say(form,id,text,focus){var box=form.querySelector("#"+id);if(!box)return;box.textContent=text;box.hidden=false;if(focus&&focus.focus)focus.focus()}
function clear(form,id){var box=form.querySelector("#"+id);if(box){box.textContent="";box.hidden=true}}
function postForm(el){return el&&el.hasAttribute&&el.hasAttribute("data-post-form")?el:null}
function state(form){var out=[];for(var i=0;i<form.elements.length;i++){var e=form.elements[i];if(!e.name||e.type==="file"||e.type==="submit")continue;
out.push(e.name+"="+(e.type==="checkbox"||e.type==="radio"?e.checked:e.value))}return out.join("&")}
function formOf(event){var t=event.target;return postForm(t&&t.closest?t.closest("form"):null)}
function requestOf(event){var d=event.detail||{};return d.ctx||d.requestConfig||d}
function configured(event){var f=formOf(event);if(f)requestOf(event)._chorusState=state(f)}
document.addEventListener("htmx:configRequest",configured);document.addEventListener("htmx:config:request",configured);
function swapped(event){var f=formOf(event),r=requestOf(event);if(f&&r._chorusState!==undefined)f._checked=r._chorusState}
document.addEventListener("htmx:afterSwap",swapped);document.addEventListener("htmx:after:swap",swapped);
function checked(form){return form._checked===state(form)}
function loaded(){document.querySelectorAll("form[data-post-form]").forEach(function(f){f._checked=state(f)})}
document.addEventListener("submit",function(event){var form=event.target,button=event.submitter,action=button?button.value:"";
if(form.hasAttribute("data-post-form")){clear(form,"submit-problem");
if(action==="schedule"||form.getAttribute("data-post-form")==="scheduled"&&action!=="publish"){var d=form.querySelector("[name=scheduleDate]"),t=form.querySelector("[name=scheduleTime]");
if(d&&t&&(!d.value||!t.value)){event.preventDefault();say(form,"submit-problem","Pick the date and the time to publish at: nothing was sent.",!d.value?d:t);return}}
if((action==="publish"||action==="schedule"||action==="queue")&&checked(form)&&form.querySelector("#validation [data-refused]")){event.preventDefault();say(form,"submit-problem","A network will refuse this post as it is: fix what the checks below say, then try again. Nothing was sent.",form.querySelector("#validation"));return}}
if(form.id==="consent"&&action==="approve"){var any=function(names){return names.some(function(n){return form.querySelector("[name="+n+"]:checked")!==null})},why=!any(["actions"])?["at least one action","[name=actions]"]:
!any(["allProfiles","profiles"])?["the brands it may act for (or every brand)","[name=allProfiles]"]:!any(["allPlatforms","platforms"])?["the networks it may reach (or every network)","[name=allPlatforms]"]:null;
if(why){event.preventDefault();say(form,"consent-problem","Choose "+why[0]+", or press Deny: allowing this would give the agent no access at all.",form.querySelector(why[1]))}}},true);
function calZone(){var s=document.querySelector("select[data-calendar-zone]");if(!s||s.getAttribute("data-chosen")==="yes"||!zone||s.value===zone)return;
for(var i=0;i<s.options.length;i++)if(s.options[i].value===zone){var u=new URL(location.href);u.searchParams.set("tz",zone);location.replace(u.toString());return}}
var dragged=null;function dayOf(t){return t&&t.closest?t.closest(".cal-day[data-date]"):null}
document.addEventListener("dragstart",function(e){var li=e.target&&e.target.closest?e.target.closest("[data-post][draggable]"):null;if(!li)return;dragged=li.getAttribute("data-post");
try{e.dataTransfer.setData("text/plain",dragged);e.dataTransfer.effectAllowed="move"}catch(x){}});
document.addEventListener("dragend",function(){dragged=null});
document.addEventListener("dragover",function(e){if(dragged&&dayOf(e.target))e.preventDefault()});
document.addEventListener("drop",function(e){var day=dayOf(e.target),id=dragged;dragged=null;if(!day||!id)return;e.preventDefault();
var f=document.getElementById("move-"+id),d=f&&f.querySelector("[name=scheduleDate]"),to=day.getAttribute("data-date");if(!d||d.value===to)return;d.value=to;
if(f.requestSubmit)f.requestSubmit();else f.submit()});
function upload(form,file){var bar=form.querySelector("progress"),st=form.querySelector("[role=status]"),data=new FormData(form),x=new XMLHttpRequest();if(file)data.set("file",file);
x.open("POST",form.action);x.setRequestHeader("Accept","application/json");
x.upload.onprogress=function(e){if(e.lengthComputable){bar.value=Math.round(e.loaded*100/e.total);st.textContent="Uploading: "+bar.value+"%"}};
x.onload=function(){if(x.status===201){bar.value=100;st.textContent="Uploaded.";location.assign("/dashboard/media?done=uploaded");return}var m=null;
try{m=new DOMParser().parseFromString(x.responseText,"text/html").querySelector("#error-message")}catch(e){}bar.hidden=true;st.textContent=(m?m.textContent:"The upload failed.")+" Nothing was added."};
x.onerror=function(){bar.hidden=true;st.textContent="The upload did not reach the server: check the connection, then try again."};
bar.hidden=false;bar.value=0;st.textContent="Uploading…";x.send(data)}
function zoneOf(t){return t&&t.closest?t.closest("[data-upload]"):null}
function files(e){return e.dataTransfer&&Array.prototype.indexOf.call(e.dataTransfer.types||[],"Files")>=0}
document.addEventListener("submit",function(e){var f=e.target;if(!f.hasAttribute||!f.hasAttribute("data-upload")||!window.FormData)return;var i=f.querySelector("input[type=file]");
if(!i||!i.files||!i.files[0])return;e.preventDefault();upload(f)});
document.addEventListener("dragover",function(e){var z=zoneOf(e.target);if(z&&files(e)){e.preventDefault();z.classList.add("dragging")}});
document.addEventListener("dragleave",function(e){var z=zoneOf(e.target);if(z)z.classList.remove("dragging")});
document.addEventListener("drop",function(e){var z=zoneOf(e.target);if(!z||!e.dataTransfer||!e.dataTransfer.files||!e.dataTransfer.files.length)return;e.preventDefault();z.classList.remove("dragging");upload(z,e.dataTransfer.files[0])});
function composeUpload(form,input){var bar=form.querySelector("#compose-upload-progress"),st=form.querySelector("#compose-upload-status"),data=new FormData(form),x=new XMLHttpRequest();
data.set("action","upload");x.open("POST","/dashboard/compose/media");x.setRequestHeader("X-Compose-Upload","fragment");
x.upload.onprogress=function(e){if(e.lengthComputable){bar.value=Math.round(e.loaded*100/e.total);st.textContent="Uploading: "+bar.value+"%"}};
x.onload=function(){bar.hidden=true;var doc=new DOMParser().parseFromString(x.responseText,"text/html"),fresh=doc.querySelector("#media-items");
if(x.status!==201||!fresh){var m=doc.querySelector("#error-message");st.textContent=(m?m.textContent:"The upload failed.")+" Nothing was added; what you typed is kept.";return}
var old=form.querySelector("#media-items"),typed=[];if(old)old.querySelectorAll("[name=mediaAlt]").forEach(function(a){typed.push(a.value)});
fresh=document.adoptNode(fresh);if(old)old.replaceWith(fresh);else form.querySelector("#upload-row").before(fresh);
doc.querySelectorAll("[data-files-for]").forEach(function(n){var o=form.querySelector("#"+n.id);if(o)o.replaceWith(document.adoptNode(n))});
var alts=fresh.querySelectorAll("[name=mediaAlt]");typed.forEach(function(v,i){if(alts[i])alts[i].value=v});input.value="";
st.textContent="Uploaded: add its alt text above.";var last=alts[alts.length-1];if(last){last.dispatchEvent(new Event("change",{bubbles:true}));last.focus()}};
x.onerror=function(){bar.hidden=true;st.textContent="The upload did not reach the server: check the connection, then try again. What you typed is kept."};
bar.hidden=false;bar.value=0;st.textContent="Uploading…";x.send(data)}
document.addEventListener("submit",function(e){var f=e.target,b=e.submitter;if(!b||b.id!=="upload"||f.getAttribute("data-post-form")!=="compose"||!window.FormData)return;
var i=f.querySelector("#file");e.preventDefault();if(!i||!i.files||!i.files[0]){var st=f.querySelector("#compose-upload-status");st.textContent="Choose a file first, then press Upload.";i.focus();return}composeUpload(f,i)});
function ready(){zones();loaded();calZone()}
if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",ready);else ready()})();`;
