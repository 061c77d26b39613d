// The share page and the host page of a table: a "Copy" button beside each link, added here since only
// JavaScript can copy; and "Share" (the phone's share sheet) beside a link marked data-share.
(function () {
  "use strict";
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
    say(status, done ? "Copied." : "Selected: copy it from the phone's menu.");
  }
  document.querySelectorAll("input[data-copy]").forEach(function (input) {
    var button = document.createElement("button");
    var status = document.createElement("span");
    var what = input.labels.length ? input.labels[0].textContent.toLowerCase() : "link";
    button.type = "button";
    button.textContent = "Copy";
    var hidden = button.appendChild(document.createElement("span"));
    hidden.className = "visually-hidden";
    hidden.textContent = " the " + what;
    status.setAttribute("role", "status");
    status.className = "copy-status";
    button.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(function () { say(status, "Copied."); },
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
      share.textContent = "Share";
      var whatShared = share.appendChild(document.createElement("span"));
      whatShared.className = "visually-hidden";
      whatShared.textContent = " the " + what;
      share.addEventListener("click", function () {
        navigator.share({ title: input.dataset.share, url: input.value }).catch(function () { /* closed */ });
      });
      button.after(share);
    }
  });
})();
