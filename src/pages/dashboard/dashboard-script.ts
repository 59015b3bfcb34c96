/*
 * The dashboard's own script, served as a file (/dashboard/assets/dashboard.js) because the CSP
 * forbids inline script. It only adds checks the server makes again: every form works without it.
 * - a timezone picker marked data-browser-zone starts on the browser's zone unless the page chose one;
 * - Schedule with no date or time is stopped before it is sent (it would otherwise be refused);
 * - Publish and Schedule are stopped while the checks say a network will refuse the post;
 * - Allow on the consent page is stopped when it would grant nothing;
 */
export const dashboardScript = `(function(){"use strict";
var zone="";try{zone=Intl.DateTimeFormat().resolvedOptions().timeZone||""}catch(e){}
function zones(){document.querySelectorAll("select[data-browser-zone]").forEach(function(s){if(s.getAttribute("data-chosen")==="yes"||!zone)return;for(var i=0;i<s.options.length;i++)if(s.options[i].value===zone){s.value=zone;return}})}
function say(form,id,text,focus){var box=form.querySelector("#"+id);if(!box)return;box.textContent=text;box.hidden=false;if(focus&&focus.focus)focus.focus()}
function clear(form,id){var box=form.querySelector("#"+id);if(box){box.textContent="";box.hidden=true}}
document.addEventListener("submit",function(event){var form=event.target,button=event.submitter,action=button?button.value:"";
if(form.hasAttribute("data-post-form")){clear(form,"submit-problem");
if(action==="schedule"||form.getAttribute("data-post-form")==="scheduled"&&action!=="publish"){var d=form.querySelector("[name=scheduleDate]"),t=form.querySelector("[name=scheduleTime]");
if(d&&t&&(!d.value||!t.value)){event.preventDefault();say(form,"submit-problem","Pick the date and the time to publish at: nothing was sent.",!d.value?d:t);return}}
if((action==="publish"||action==="schedule")&&form.querySelector("#validation [data-refused]")){event.preventDefault();say(form,"submit-problem","A network will refuse this post as it is: fix what the checks below say, then try again. Nothing was sent.",form.querySelector("#validation"));return}}
if(form.id==="consent"&&action==="approve"){var any=function(sel){return form.querySelector(sel+":checked")!==null};
if(!any("[name=actions]")||!any("[name=allProfiles],[name=profiles],[name=allPlatforms],[name=platforms]")){event.preventDefault();say(form,"consent-problem","Choose at least one action and the brands or networks it may act for, or press Deny: allowing nothing would give the agent no access at all.",form.querySelector("fieldset input"))}}},true);
if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",zones);else zones()})();`;
