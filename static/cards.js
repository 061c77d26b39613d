// The rules checker's card picker: tap a card to add it to a card text field,
// tap a chosen card to take it back, so nobody has to type at the table.
// The text field stays the truth and works alone without JavaScript; this file
// only shows the picker, the +/- switch of a total, and the fields that
// belong to the chosen rule set.
(function () {
  "use strict";

  var SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var said = {};  // the server's words (templates/_macros.html)
  try { said = JSON.parse(document.getElementById("words").textContent); } catch (e) { /* none */ }
  var WORDS = {
    "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "10": "10", T: "10",
    J: "jack", Q: "queen", K: "king", A: "ace", "2": "2", JK: "joker", JOKER: "joker", "*": "joker"
  };

  function tokens(text) {
    return text.replace(/\|/g, " | ").split(/[\s,]+/).filter(Boolean);
  }

  // How a token shows on its chip: "3H" as 3♥, "jk" as Joker, "k" as K.
  function display(token) {
    var key = token.toUpperCase();
    if (key === "|") return "|";
    if (key === "JK" || key === "JOKER" || key === "*") return "Joker";
    var match = /^(10|[2-9TJQKA])([SHDC])?$/.exec(key);
    if (!match) return token;
    return (match[1] === "T" ? "10" : match[1]) + (match[2] ? SUITS[match[2]] : "");
  }

  // What a screen reader says for a token: "king", "red 3", "new meld".
  function spoken(token) {
    var key = token.toUpperCase();
    if (key === "|") return "new meld";
    if (/^3[HD♥♦]$/.test(key)) return "red 3";
    if (/^3[SC♠♣]$/.test(key)) return "black 3";
    var rank = key.replace(/[SHDC♠♥♦♣]$/, "");
    return WORDS[key] || WORDS[rank] || token;
  }

  function isRed(token) {
    return /^(10|[2-9TJQKA])[HD♥♦]$/i.test(token);
  }

  function setUpPicker(picker) {
    var input = document.getElementById(picker.getAttribute("data-picker-for"));
    if (!input) return;
    var chosen = picker.querySelector(".picker-chosen");
    var status = picker.querySelector("[data-picker-status]");

    function announce(text) {
      if (status) status.textContent = text;
    }

    function write(list) {
      input.value = list.join(" ");
      render();
    }

    function render() {
      chosen.textContent = "";
      var list = tokens(input.value);
      if (!list.length) {
        var empty = document.createElement("li");
        empty.className = "picker-empty";
        empty.textContent = said.noCard || "";
        chosen.appendChild(empty);
        return;
      }
      list.forEach(function (token, index) {
        var item = document.createElement("li");
        var button = document.createElement("button");
        button.type = "button";
        button.className = "chosen-card" + (isRed(token) ? " red-card" : "") + (token === "|" ? " chosen-break" : "");
        button.setAttribute("data-index", String(index));
        button.appendChild(document.createTextNode(display(token)));
        var hint = document.createElement("span");
        hint.className = "visually-hidden";
        hint.textContent = " (" + spoken(token) + "): take back";
        button.appendChild(hint);
        item.appendChild(button);
        chosen.appendChild(item);
      });
    }

    picker.querySelector(".picker-keys").addEventListener("click", function (event) {
      var key = event.target.closest("[data-card]");
      if (!key) return;
      var list = tokens(input.value);
      list.push(key.getAttribute("data-card"));
      write(list);
      announce("Added " + spoken(key.getAttribute("data-card")) + ".");
    });

    chosen.addEventListener("click", function (event) {
      var chip = event.target.closest("button[data-index]");
      if (!chip) return;
      var index = Number(chip.getAttribute("data-index"));
      var list = tokens(input.value);
      var removed = list.splice(index, 1)[0];
      write(list);
      announce("Took back " + spoken(removed) + ".");
      // Keep the focus where the finger is: the next chosen card, or the keys.
      var chips = chosen.querySelectorAll("button[data-index]");
      var next = chips[Math.min(index, chips.length - 1)] || picker.querySelector("[data-card]");
      next.focus();
    });

    input.addEventListener("input", render);
    picker.hidden = false;
    render();
  }

  function setUpSignSwitch(button) {
    var input = document.getElementById(button.getAttribute("data-negate"));
    if (!input) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var value = input.value.trim();
      input.value = value.charAt(0) === "-" ? value.slice(1) : "-" + value;
      input.focus();
    });
  }

  // Show only the fields of the chosen rule set (a Classic house rule, the 3-player option…).
  function setUpRules(select) {
    var form = select.form;
    function apply() {
      var option = select.options[select.selectedIndex];
      if (!option) return;
      // The server marks each rule set with the fields it asks (data-asks): only those are shown.
      var asks = (option.getAttribute("data-asks") || "").split(" ");
      form.querySelectorAll("[data-shown-for]").forEach(function (element) {
        element.hidden = asks.indexOf(element.getAttribute("data-shown-for")) < 0;
      });
    }
    select.addEventListener("change", apply);
    apply();
  }

  document.querySelectorAll("[data-picker-for]").forEach(setUpPicker);
  document.querySelectorAll("[data-negate]").forEach(setUpSignSwitch);
  document.querySelectorAll("select[data-rules-select]").forEach(setUpRules);
})();
