// The share page and the host page of a table: a "Copy" button beside each link, added here since only
// JavaScript can copy; and "Share" (the phone's share sheet) beside a link marked data-share.
(function () {
  "use strict";
  var blob = document.getElementById("words"), words = {};  // the server's words (templates/_macros.html)
  try { words = JSON.parse(blob.textContent); } catch (e) { /* none: the links stay as they are */ }
  if (!words.copy) return;
  function named(key, what) { return words[key].replace("{what}", what); }
  function say(status, text) {
    status.textContent = text;
    setTimeout(function () { status.textContent = ""; }, 4000);
  }
  // Without the clipboard API (an address on plain http): select the link for the phone's own Copy.
  function select(input, status) {
    input.focus();
    input.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (error) { done = false; }
    say(status, done ? words.copied : words.selected);
  }
  document.querySelectorAll("input[data-copy]").forEach(function (input) {
    var button = document.createElement("button");
    var status = document.createElement("span");
    var what = input.labels.length ? input.labels[0].textContent.toLowerCase() : words.link;
    button.type = "button";
    button.textContent = words.copy;
    button.setAttribute("aria-label", named("copyNamed", what));
    status.setAttribute("role", "status");
    status.className = "copy-status";
    button.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(function () { say(status, words.copied); },
          function () { select(input, status); });
      } else {
        select(input, status);
      }
    });
    input.after(button, status);
    // A link to send (data-share: its title): the phone's own share sheet, where it has one.
    if (input.dataset.share && navigator.share) {
      var share = document.createElement("button");
      share.type = "button";
      share.textContent = words.share;
      share.setAttribute("aria-label", named("shareNamed", what));
      share.addEventListener("click", function () {
        navigator.share({ title: input.dataset.share, url: input.value }).catch(function () { /* closed */ });
      });
      button.after(share);
    }
  });
})();
