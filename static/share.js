// The share page: a "Copy" button beside each link, added here since only JavaScript can copy.
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
  });
})();
