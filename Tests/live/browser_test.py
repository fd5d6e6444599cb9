"""The web page in a real browser (Debian's chromium, headless, driven by selenium): ask, see the
reply and now playing, pause, next, like, and see a request made elsewhere arrive by the event
stream; the state is checked through the API. A screenshot is kept in .build/artifacts/."""
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from selenium.webdriver.support.ui import WebDriverWait

from harkserver import call, running_server

hark = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark")
artifacts = os.path.abspath(".build/artifacts")
os.makedirs(artifacts, exist_ok=True)


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=412,915"]:  # a phone-sized screen
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def wait_for(driver, what, condition, seconds=10):
    try:
        WebDriverWait(driver, seconds).until(lambda _: condition())
    except Exception:
        driver.save_screenshot(os.path.join(artifacts, "browser-failure.png"))
        raise AssertionError(f"timed out waiting for {what}; page shows reply={text(driver, 'reply')!r} "
                             f"title={text(driver, 'title')!r} time={text(driver, 'time')!r} "
                             f"error={text(driver, 'error')!r}")


with running_server(hark) as base:
    driver = browser()
    try:
        driver.get(base + "/?device=web")
        wait_for(driver, "the page", lambda: text(driver, "title") == "Nothing playing")

        box = driver.find_element(By.ID, "text")
        box.send_keys("play skyfall by adele")
        driver.find_element(By.ID, "send").click()
        wait_for(driver, "the reply", lambda: text(driver, "reply") == "Playing Skyfall by Adele.")
        wait_for(driver, "now playing", lambda: text(driver, "title") == "Skyfall")
        assert "Intent: playMedia" in text(driver, "understood"), text(driver, "understood")
        assert call(base, "GET", "/v1/now-playing?device=web")["nowPlaying"]["state"] == "playing"

        driver.find_element(By.ID, "playpause").click()
        wait_for(driver, "pause", lambda: "paused" in text(driver, "time"))
        assert call(base, "GET", "/v1/now-playing?device=web")["nowPlaying"]["state"] == "paused"

        driver.find_element(By.CSS_SELECTOR, "[data-command=next]").click()
        wait_for(driver, "the next song", lambda: text(driver, "title") not in ("Skyfall", "Nothing playing"))
        current = call(base, "GET", "/v1/now-playing?device=web")["nowPlaying"]["item"]
        assert current["title"] == text(driver, "title"), (current, text(driver, "title"))

        driver.find_element(By.CSS_SELECTOR, "[data-rate=like]").click()
        wait_for(driver, "the like", lambda: "like" in text(driver, "reply"))
        liked = [item["identifier"] for item in call(base, "GET", "/v1/library")["liked"]]
        assert current["identifier"] in liked, (current["identifier"], liked)

        # A request from another client (a speaker, say) reaches the open page by the event stream.
        assert text(driver, "title") != "Thriller"
        call(base, "POST", "/v1/ask", {"text": "play thriller by michael jackson", "device": "web"})
        wait_for(driver, "the event", lambda: text(driver, "title") == "Thriller")

        driver.find_element(By.ID, "query").send_keys("hello")
        driver.find_element(By.CSS_SELECTOR, "#search button").click()
        wait_for(driver, "search results", lambda: len(driver.find_elements(By.CSS_SELECTOR, "#results li")) > 0)
        assert text(driver, "error") == "", text(driver, "error")
        time.sleep(0.3)
        driver.save_screenshot(os.path.join(artifacts, "browser.png"))

        # A home: the person and the device that hears are picked on the page; every room shows
        # what it plays, and a tap moves the music there.
        call(base, "PUT", "/v1/home/flat", {
            "name": "Flat", "people": [{"id": "ann", "name": "Ann"}],
            "rooms": [{"id": "living", "name": "living room"}, {"id": "kitchen", "name": "kitchen"}],
            "devices": [{"id": "living-speaker", "name": "living room speaker", "kind": "speaker", "room": "living"},
                        {"id": "kitchen-speaker", "name": "kitchen speaker", "kind": "speaker", "room": "kitchen"}]})
        driver.get(base + "/?device=web&home=flat")
        wait_for(driver, "the home's pickers", lambda: driver.find_element(By.ID, "home-bar").is_displayed())
        Select(driver.find_element(By.ID, "person")).select_by_value("ann")
        Select(driver.find_element(By.ID, "heard")).select_by_value("living-speaker")
        box = driver.find_element(By.ID, "text")
        box.send_keys("play skyfall in the kitchen")
        driver.find_element(By.ID, "send").click()
        wait_for(driver, "the kitchen playing", lambda: "kitchen: Skyfall" in text(driver, "rooms"))
        driver.find_element(By.CSS_SELECTOR, "[aria-label='Move here: living room']").click()
        wait_for(driver, "the music moved", lambda: "living room: Skyfall" in text(driver, "rooms"))
        moved = call(base, "GET", "/v1/now-playing?device=" + "home:flat/kitchen-speaker")["nowPlaying"]
        assert moved["state"] == "stopped", moved
        # A request heard by another speaker (not through this page) shows in its room at once.
        call(base, "POST", "/v1/ask", {"text": "play hello by adele", "home": "flat", "device": "kitchen-speaker"})
        wait_for(driver, "the kitchen's own request shown", lambda: "kitchen: Hello" in text(driver, "rooms"))
        assert text(driver, "error") == "", text(driver, "error")
        driver.save_screenshot(os.path.join(artifacts, "browser-home.png"))
        print("browser test passed; screenshots in", artifacts)
    finally:
        driver.quit()
