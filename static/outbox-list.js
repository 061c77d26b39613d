/* The outbox's list on a page (static/offline.js): the hands kept on this phone, each with
 * what was typed and, when the server did not take it, the player's choices: add it as the
 * next hand or save an edit anyway (the game moved on meanwhile), open it in the form (the
 * server refused it), or drop it.
 *
 * offline.js loads it the first time a page without a hand form has a kept hand to show (it
 * is in the service worker's shell, so it is there offline too), so that a page with an empty
 * outbox, nearly every page, spends no request on it. It renders and sends; it never decides
 * a rule or a score.
 */
(function () {
  "use strict";
  var outbox = window.offlineOutbox;
  if (!outbox || outbox.list) return;
  var board = document.getElementById("board");
  var button = outbox.button, link = outbox.link, clock = outbox.clock, hands = outbox.hands;
  var drop = outbox.drop, choose = outbox.choose, render = outbox.render, body = outbox.body;
  var say = outbox.say;  // the server's words (offline.js)

  function entryCard(entry) {
    var card = document.createElement("li");
    card.className = "outbox-entry card";
    var title = card.appendChild(document.createElement("p"));
    title.className = "outbox-title";
    var editing = entry.kind === "edit";
    var typed = say(editing ? "typedEdit" : "typedAdd", { number: entry.number || "", time: clock(entry.at) });
    var buttons = [];
    if (entry.state === "conflict" && editing) {
      // An edit the game changed under: saved only if the player says so, over what is there now.
      title.textContent = say("conflictEdit", { typed: typed });
      buttons.push(button(say("saveAnyway"), function () { choose(entry, { expected_version: entry.now }); }, "primary"));
      buttons.push(dropIt(entry));
    } else if (entry.state === "conflict") {
      title.textContent = entry.next ? say("conflictAddHas", { typed: typed, hands: hands(entry.next - 1) }) :
        say("conflictAdd", { typed: typed });
      var add = entry.next ? say("addAsHand", { number: entry.next }) : say("addAsNext");
      buttons.push(button(add, function () { choose(entry, { expected_version: entry.now }); }, "primary"));
      buttons.push(dropIt(entry));
    } else if (entry.state === "refused") {
      title.textContent = entry.note ? say("refused", { typed: typed, why: entry.note }) : say("refusedPlain", { typed: typed });
      buttons.push(button(say("openInForm"), function () { openInForm(entry); }, "primary"));
      buttons.push(dropIt(entry));
    } else {
      title.textContent = say("waiting", { typed: typed }) + (entry.note ? " " + entry.note : "");
    }
    var list = card.appendChild(document.createElement("ul"));
    list.className = "outbox-typed";
    (entry.lines || []).forEach(function (line) { list.appendChild(document.createElement("li")).textContent = line; });
    if (!board && entry.board) buttons.push(link(say("openBoard"), entry.board));
    if (buttons.length) {
      var row = card.appendChild(document.createElement("p"));
      row.className = "actions";
      buttons.forEach(function (b) { row.appendChild(b); });
    }
    return card;
  }

  function dropIt(entry) { return button(say("dropIt"), function () { drop(entry.token); render(); }, "danger"); }

  // The server's own form, filled in with what was typed (checked, not saved).
  function openInForm(entry) {
    var post = document.createElement("form");
    post.method = "post";
    post.action = entry.url;
    post.hidden = true;
    body(entry.fields, { action: "check", expected_version: entry.now || "" }).forEach(function (value, name) {
      var input = post.appendChild(document.createElement("input"));
      input.type = "hidden";
      input.name = name;
      input.value = value;
    });
    document.body.appendChild(post);
    post.submit();
  }

  // The section "Kept on this phone", in the order the hands were typed; ``sendable``: some
  // wait to be sent and the server is there (a "Send now" button).
  outbox.list = function (entries, sendable) {
    var section = document.createElement("section");
    section.className = "outbox";
    section.setAttribute("aria-labelledby", "outbox-heading");
    var heading = section.appendChild(document.createElement("h2"));
    heading.id = "outbox-heading";
    heading.textContent = say("keptHeading");
    var list = section.appendChild(document.createElement("ul"));
    list.className = "outbox-list";
    entries.forEach(function (entry) { list.appendChild(entryCard(entry)); });
    if (sendable) section.appendChild(button(say("sendNow"), function () { outbox.flush(false); }, "primary"));
    return section;
  };
  render();
})();
