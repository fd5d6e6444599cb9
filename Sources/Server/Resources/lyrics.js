// The lyrics of what plays, under the player: read once per item from /v1/items/{id}/lyrics;
// timed lyrics follow the music, the line sung now marked and kept in view.
let lyricsOf = null;
let lyricLines = [];

async function loadLyrics(item) {
  lyricsOf = item ? item.identifier : null;
  lyricLines = [];
  $("lyrics").replaceChildren();
  $("lyrics-section").hidden = true;
  if (!item) return;
  let data = null;
  try {
    data = await call("GET", "/v1/items/" + encodeURIComponent(item.identifier) + "/lyrics" + userQuery().replace(/^&/, "?"), null, true);
  } catch (_) { return; }  // none: the section stays hidden
  if (!data || lyricsOf !== item.identifier) return;
  lyricLines = data.lines.map((line) => {
    const li = document.createElement("li");
    li.textContent = line.text;
    $("lyrics").append(li);
    return { time: data.timed ? line.time : null, li };
  });
  $("lyrics").classList.toggle("untimed", !data.timed);
  $("lyrics-section").hidden = lyricLines.length === 0;
  showLyrics(state);
}

// Called by showTime with the player's state: a new item loads its lyrics, the line sung now is marked.
function showLyrics(info) {
  const item = info && info.item;
  if ((item ? item.identifier : null) !== lyricsOf) { loadLyrics(item); return; }
  if (!lyricLines.length || lyricLines[0].time === null) return;
  const position = (info && info.position) || 0;
  let now = -1;
  lyricLines.forEach((line, index) => { if (line.time <= position) now = index; });
  lyricLines.forEach((line, index) => {
    const current = index === now;
    if (current && !line.li.classList.contains("now")) line.li.scrollIntoView({ block: "nearest" });
    line.li.classList.toggle("now", current);
    if (current) line.li.setAttribute("aria-current", "true"); else line.li.removeAttribute("aria-current");
  });
}
