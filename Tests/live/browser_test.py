"""The web page in a real browser (Debian's chromium, headless, driven by selenium), at a phone's
width and a desktop's: ask by text, tap play/pause, next and like, open an album and play its
second song, see its cover (read from the music file's tags), reorder up next, and in a home move
the music to another room. Every control must show (no empty boxes: icons are inline SVG). The
state is checked through the API; a podcast is added by its feed's address on the Podcasts tab
(the feed served by Python's http.server). Screenshots of both widths are kept in .build/artifacts/."""
import functools
import http.server
import os
import threading
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from selenium.webdriver.support.ui import WebDriverWait

from harkserver import call, running_server
from make_music import make

hark = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark")
artifacts = os.path.abspath(".build/artifacts")
os.makedirs(artifacts, exist_ok=True)
WIDTHS = [("phone", 412, 915), ("desktop", 1280, 900)]

# A podcast feed served locally, for the Podcasts tab.
feeds = tempfile.mkdtemp(prefix="hark-browser-feeds-")
with open(os.path.join(feeds, "owls.xml"), "w") as out:
    out.write("""<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel><title>Page Owls</title><itunes:author>Owl Desk</itunes:author>
<item><title>Owls on the page</title><guid>po-1</guid><pubDate>Tue, 02 Dec 2025 08:00:00 GMT</pubDate>
<enclosure url="http://127.0.0.1/po-1.mp3" type="audio/mpeg"/><itunes:duration>1200</itunes:duration></item>
</channel></rss>""")
class QuietFiles(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


feed_host = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietFiles, directory=feeds))
threading.Thread(target=feed_host.serve_forever, daemon=True).start()
feed_url = f"http://127.0.0.1:{feed_host.server_address[1]}/owls.xml"


def browser(width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def wait_for(driver, what, condition, seconds=120, shot="browser-failure"):
    try:
        WebDriverWait(driver, seconds).until(lambda _: condition())
    except Exception:
        driver.save_screenshot(os.path.join(artifacts, shot + ".png"))
        raise AssertionError(f"timed out waiting for {what}; page shows reply={text(driver, 'reply')!r} "
                             f"title={text(driver, 'title')!r} time={text(driver, 'time')!r} "
                             f"error={text(driver, 'error')!r}")


def ask(driver, words):
    box = driver.find_element(By.ID, "text")
    box.clear()
    box.send_keys(words)
    driver.find_element(By.ID, "send").click()


# Every visible control shows something: an icon drawn (an SVG with size) or text; and nothing on
# the page is an emoji, which shows as an empty box where no emoji font is installed.
CONTROLS_SHOW = """
const empty = [];
for (const control of document.querySelectorAll('button, select, input')) {
  if (control.offsetParent === null) continue;
  const icon = control.querySelector('svg use');
  const drawn = icon && icon.getBoundingClientRect().width > 0 && document.querySelector(icon.getAttribute('href'));
  const label = control.getAttribute('aria-label') || control.textContent.trim() || control.value || control.placeholder;
  if (!(drawn || control.textContent.trim() || control.tagName !== 'BUTTON') || !label) empty.push(control.outerHTML.slice(0, 80));
}
const emoji = /\\p{Extended_Pictographic}/u.test(document.body.innerText);
return {empty, emoji};
"""


def natural_width(driver, element_id):
    return driver.execute_script(f"const i = document.getElementById('{element_id}'); return i.complete ? i.naturalWidth : 0;")


def check_page(driver, base, label, width, height):
    page = f"web-{label}"
    driver.get(base + f"/?device={page}")
    wait_for(driver, "the page", lambda: text(driver, "title") == "Nothing playing")

    # The keyboard alone reaches the controls: from the request box, Tab goes to a button.
    driver.find_element(By.ID, "text").send_keys(Keys.TAB)
    assert driver.switch_to.active_element.tag_name == "button", driver.switch_to.active_element.tag_name

    ask(driver, "play skyfall by adele")
    wait_for(driver, "the reply", lambda: text(driver, "reply") == "Playing Skyfall by Adele.")
    wait_for(driver, "now playing", lambda: text(driver, "title") == "Skyfall")
    assert text(driver, "understood").lower() == "play · skyfall by adele", text(driver, "understood")
    assert call(base, "GET", f"/v1/now-playing?device={page}")["nowPlaying"]["state"] == "playing"

    driver.find_element(By.ID, "playpause").click()
    wait_for(driver, "pause", lambda: "paused" in text(driver, "time"))
    assert call(base, "GET", f"/v1/now-playing?device={page}")["nowPlaying"]["state"] == "paused"
    driver.find_element(By.ID, "next").click()
    wait_for(driver, "the next song", lambda: text(driver, "title") not in ("Skyfall", "Nothing playing"))
    current = call(base, "GET", f"/v1/now-playing?device={page}")["nowPlaying"]["item"]
    assert current["title"] == text(driver, "title"), (current, text(driver, "title"))
    driver.find_element(By.ID, "like").click()
    wait_for(driver, "the like", lambda: "like" in text(driver, "reply"))
    liked = [item["identifier"] for item in call(base, "GET", "/v1/library")["liked"]]
    assert current["identifier"] in liked, (current["identifier"], liked)

    # An album opened from a search, and its second song played: the album plays from there.
    driver.find_element(By.ID, "query").send_keys("abbey road")
    driver.find_element(By.CSS_SELECTOR, "#search button").click()
    wait_for(driver, "search results", lambda: "Abbey Road" in text(driver, "results"))
    album = [row for row in driver.find_elements(By.CSS_SELECTOR, "#results .row .name") if "Album" in row.text][0]
    album.click()
    wait_for(driver, "the album's tracks", lambda: len(driver.find_elements(By.CSS_SELECTOR, "#item-tracks .track")) >= 3)
    wait_for(driver, "the album's cover", lambda: natural_width(driver, "item-art") > 0)
    tracks = [call(base, "GET", "/v1/items/album%2Fthe-beatles%2Fabbey-road")["tracks"][i]["title"] for i in (1, 2)]
    second, third = tracks
    driver.find_elements(By.CSS_SELECTOR, "#item-tracks .track")[1].click()
    wait_for(driver, "the second song", lambda: text(driver, "reply") == f"Playing {second} by The Beatles.")
    wait_for(driver, "now playing the second song", lambda: text(driver, "title") == second)
    playing = call(base, "GET", f"/v1/now-playing?device={page}")["nowPlaying"]
    assert playing["item"]["title"] == second and playing["upNext"][0]["title"] == third, playing
    # The cover now playing is the one in the file's tags, read and scaled by the server.
    wait_for(driver, "the cover art", lambda: natural_width(driver, "art") > 0)
    src = driver.find_element(By.ID, "art").get_attribute("src")
    kind = driver.execute_script("return fetch(arguments[0]).then(r => r.headers.get('content-type'))", src)
    assert kind == "image/jpeg", kind

    # Up next: "Hello" played next, then moved down below the album's third song.
    driver.find_element(By.ID, "item-back").click()
    search = driver.find_element(By.ID, "query")
    search.clear()
    search.send_keys("hello adele")
    driver.find_element(By.CSS_SELECTOR, "#search button").click()
    wait_for(driver, "a song to play next", lambda: "Hello" in text(driver, "results"))
    # Added to a playlist from the list, by a name typed in the dialog (a new playlist).
    driver.find_element(By.CSS_SELECTOR, "#results [aria-label='Add Hello to a playlist']").click()
    wait_for(driver, "the playlist dialog", lambda: driver.find_element(By.ID, "playlist-dialog").is_displayed())
    name = driver.find_element(By.ID, "playlist-name")
    name.clear()
    name.send_keys(f"Road Trip {label}")
    driver.find_element(By.ID, "playlist-add").click()
    wait_for(driver, "the addition", lambda: text(driver, "reply") == f"Added Hello to Road Trip {label}.")
    lists = {entry["name"]: [item["title"] for item in entry["items"]] for entry in call(base, "GET", "/v1/playlists")}
    assert lists.get(f"Road Trip {label}") == ["Hello"], lists
    # The library's tabs: the playlist is there and opens to its song; the liked song is in Likes.
    driver.find_element(By.ID, "tab-playlists").click()
    wait_for(driver, "the playlists tab", lambda: f"Road Trip {label}" in text(driver, "results"))
    # What is hidden is not shown (the search box belongs to the search tab alone).
    assert not driver.find_element(By.ID, "search").is_displayed(), "the search box shows on the playlists tab"
    [row for row in driver.find_elements(By.CSS_SELECTOR, "#results .row .name") if f"Road Trip {label}" in row.text][0].click()
    wait_for(driver, "the playlist opened", lambda: text(driver, "item-title") == f"Road Trip {label}"
             and "Hello" in text(driver, "item-tracks"))
    driver.find_element(By.ID, "tab-likes").click()
    wait_for(driver, "the likes tab", lambda: current["title"] in text(driver, "results"))
    # The Podcasts tab: a feed added by its address shows with its episode, new.
    driver.find_element(By.ID, "tab-podcasts").click()
    driver.find_element(By.ID, "podcast-url").send_keys(feed_url)
    driver.find_element(By.CSS_SELECTOR, "#podcast-add button").click()
    wait_for(driver, "the podcast added", lambda: text(driver, "podcast-status").startswith("Subscribed to Page Owls"))
    wait_for(driver, "the podcasts tab", lambda: "Page Owls" in text(driver, "results")
             and "Owls on the page" in text(driver, "results") and "New" in text(driver, "results"))
    driver.find_element(By.ID, "tab-search").click()
    wait_for(driver, "the search tab", lambda: "Hello" in text(driver, "results"))
    driver.find_element(By.CSS_SELECTOR, "#results [aria-label='Play Hello next']").click()
    wait_for(driver, "Hello next", lambda: text(driver, "queue").startswith("Hello"))
    driver.find_element(By.CSS_SELECTOR, "#queue [aria-label='Move Hello down']").click()
    wait_for(driver, "the reordered queue", lambda: text(driver, "queue").startswith(third))
    assert text(driver, "reply") == "", "a reply about something else stays after up next changed"
    # The keyboard's focus stays with the moved item.
    focused = driver.execute_script("const r = document.activeElement.closest('.row'); return r ? r.innerText : ''")
    assert focused.startswith("Hello"), focused
    queue = [item["title"] for item in call(base, "GET", f"/v1/queue?device={page}")["upNext"]]
    assert queue[:2] == [third, "Hello"], queue

    # Lyrics: none shown for a song without them; a song found by a line of its words shows its
    # lyrics, the line sung now marked as the music goes; asked for, the reply is that line.
    assert not driver.find_element(By.ID, "lyrics-section").is_displayed()
    ask(driver, "play the song that goes how I wonder what you are")
    wait_for(driver, "the song found by its words", lambda: text(driver, "reply").startswith("Playing Twinkle"))
    wait_for(driver, "its lyrics", lambda: driver.find_element(By.ID, "lyrics-section").is_displayed())
    wait_for(driver, "the line sung now", lambda: len(driver.find_elements(By.CSS_SELECTOR, "#lyrics li.now")) == 1)
    # Asked on the page (a screen): the line sung now, or the lyrics shown once the song is over.
    ask(driver, "what are the lyrics")
    wait_for(driver, "the lyrics in the reply", lambda: text(driver, "reply").startswith("Now: “")
             or text(driver, "reply") == "Here are the lyrics of Twinkle, Twinkle, Little Star.")

    shown = driver.execute_script(CONTROLS_SHOW)
    assert not shown["empty"] and not shown["emoji"], shown
    assert text(driver, "error") == "", text(driver, "error")
    time.sleep(0.3)
    driver.save_screenshot(os.path.join(artifacts, f"browser-{label}.png"))

    # A home: the person and the room are picked on the page; every room shows what it plays,
    # and a tap moves the music there.
    flat = f"flat-{label}"
    call(base, "PUT", f"/v1/home/{flat}", {
        "name": "Flat", "people": [{"id": "ann", "name": "Ann"}],
        "rooms": [{"id": "living", "name": "living room"}, {"id": "kitchen", "name": "kitchen"}],
        "devices": [{"id": "living-speaker", "name": "living room speaker", "kind": "speaker", "room": "living"},
                    {"id": "kitchen-speaker", "name": "kitchen speaker", "kind": "speaker", "room": "kitchen"}]})
    driver.get(base + f"/?device={page}&home={flat}")
    wait_for(driver, "the home's pickers", lambda: driver.find_element(By.ID, "home-bar").is_displayed())
    Select(driver.find_element(By.ID, "person")).select_by_value("ann")
    Select(driver.find_element(By.ID, "heard")).select_by_value("living-speaker")
    ask(driver, "play skyfall in the kitchen")
    wait_for(driver, "the kitchen playing", lambda: "kitchen: Skyfall" in text(driver, "rooms"))
    driver.find_element(By.CSS_SELECTOR, "[aria-label='Move here: living room']").click()
    wait_for(driver, "the music moved", lambda: "living room: Skyfall" in text(driver, "rooms"))
    moved = call(base, "GET", f"/v1/now-playing?device=home:{flat}/kitchen-speaker")["nowPlaying"]
    assert moved["state"] == "stopped", moved
    # The room the page speaks for is the living room: its player is the one shown.
    wait_for(driver, "the living room shown", lambda: text(driver, "title") == "Skyfall")
    # A request heard by another speaker (not through this page) shows in its room at once.
    call(base, "POST", "/v1/ask", {"text": "play hello by adele", "home": flat, "device": "kitchen-speaker"})
    wait_for(driver, "the kitchen's own request shown", lambda: "kitchen: Hello" in text(driver, "rooms"))
    shown = driver.execute_script(CONTROLS_SHOW)
    assert not shown["empty"] and not shown["emoji"], shown
    assert text(driver, "error") == "", text(driver, "error")
    driver.save_screenshot(os.path.join(artifacts, f"browser-{label}-home.png"))


music = tempfile.mkdtemp(prefix="hark-browser-music-")
make(music, seconds=5)


def with_music(database):
    """The demo catalog (made by the first request), then the music folder imported beside it."""
    subprocess.run([hark, "ask", "--db", database, "pause"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([hark, "import", "--db", database, music], check=True, stdout=subprocess.DEVNULL)


with running_server(hark, prepare=with_music) as base:
    for label, width, height in WIDTHS:
        driver = browser(width, height)
        try:
            check_page(driver, base, label, width, height)
        finally:
            driver.quit()
    print("browser test passed at", ", ".join(label for label, _, _ in WIDTHS), "widths; screenshots in", artifacts)
