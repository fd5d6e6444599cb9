"""Apps with their own commands, end to end: `hark serve`, the Walk Mate example app as a separate
process over HTTP (examples/walkmate), and a second copy of it that answers too late. Conversations
in English, Russian and Japanese through /v1/ask: a walk loaded by name, partly said and inflected;
a number clamped to its range; a follow-up question answered in the next turn; "Which one?"; a
rename followed by the new name; a search with no exact match; a donation and "do that again";
suggestions; an app that times out; a manifest with a bad phrase refused."""
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harkserver import call, running_server  # noqa: E402

hark = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark")
walkmate = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "walkmate", "walkmate.py")
failures = []


def start_app(base, *extra):
    process = subprocess.Popen([sys.executable, walkmate, "--hark", base, *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if "ready" not in line:
        raise RuntimeError(f"walkmate did not start: {line!r} {process.stderr.read()}")
    return process


def ask(base, text, user, expect, code=None):
    answer = call(base, "POST", "/v1/ask", {"text": text, "user": user})
    reply = answer.get("reply", "")
    ok = re.search(expect, reply) is not None and (code is None or answer.get("code") == code)
    print(("ok   " if ok else "FAIL ") + f"{text!r} -> {reply!r} ({answer.get('code')})")
    if not ok:
        failures.append(f"{text!r}: got {reply!r} ({answer.get('code')}), wanted /{expect}/ {code or ''}")
    return answer


tunes_script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "tunes", "tunes.py")


def start_tunes(base):
    process = subprocess.Popen([sys.executable, tunes_script, "--hark", base],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"tunes ready on (\d+)", line)
    if not match:
        raise RuntimeError(f"tunes did not start: {line!r} {process.stderr.read()}")
    return process, f"http://127.0.0.1:{match.group(1)}"


def tunes_state(url):
    with urllib.request.urlopen(url + "/state", timeout=120) as response:
        return json.loads(response.read())


with running_server(hark) as base:
    app = start_app(base)
    slow = start_app(base, "--identifier", "org.example.slowwalk", "--name", "Slow Walk", "--delay", "5")
    tunes, tunes_url = start_tunes(base)
    try:
        # A music service of its own (examples/tunes): named, then as the person's default.
        ask(base, "play midnight drive in tunes", "dora", r"^Playing Midnight Drive by The Night Owls\.$", "success")
        ask(base, "play paper in tunes", "dora", r"^Which one: Paper Boats by Lina Park or Paper Moon by The Night Owls\?$")
        ask(base, "the second one", "dora", r"^Playing Paper Moon by The Night Owls\.$")
        ask(base, "I like this song in tunes", "dora", r"Paper Moon")
        ask(base, "play skyfall", "dora", r"^Playing Skyfall by Adele\.$")  # Hark's own, still the default
        call(base, "PUT", "/v1/apps/default", {"user": "dora", "identifier": "org.example.tunes"})
        ask(base, "play midnight drive", "dora", r"^Playing Midnight Drive by The Night Owls\.$")
        ask(base, "add this song to my road trip playlist", "dora", r"Midnight Drive")
        ask(base, "play skyfall", "dora", r"couldn't find skyfall")
        state = tunes_state(tunes_url)
        print("tunes state:", state)
        if state["playing"]["identifier"] != "tunes:1" or state["likes"] != [{"identifier": "tunes:3", "affinity": "like"}] \
                or state["playlists"] != {"road trip": ["tunes:1"]}:
            failures.append(f"tunes did not do what the replies said: {state}")
        # English
        ask(base, "load Berlin Loop in Walk Mate", "ann", r"^Loaded Berlin Loop in Walk Mate\.$", "continueInApp")
        ask(base, "please load berlin in walkmate", "ann", r"Loaded Berlin Loop")
        ask(base, "generate a 50 km route in Walk Mate", "ann",
            r"^Routes can be 3 to 20 km, so I made it 20\. Here's a 20 km route\.$", "success")
        ask(base, "generate a route in Walk Mate", "ann", r"^How long should the walk be\?$", "needsValue")
        ask(base, "eight kilometers", "ann", r"^Here's a 8 km route\.$")
        ask(base, "open park in Walk Mate", "ann", r"^Which one: Park North or Park South\?$")
        ask(base, "the second one", "ann", r"Loaded Park South")
        ask(base, "open park in Walk Mate", "ann", r"Which one")
        ask(base, "never mind", "ann", r"never mind")
        ask(base, "rename park north in walk mate", "ann", r"What should it be called\?")
        ask(base, "North Meadow", "ann", r"Renamed Park North to North Meadow")
        ask(base, "load north meadow in walk mate", "ann", r"Loaded North Meadow")
        ask(base, "load park north in walk mate", "ann", r"couldn't find park north in Walk Mate")
        ask(base, "find walks near the river in Walk Mate", "ann", r'walks for "near the river"')
        ask(base, "do that again", "cat", r"^There's nothing for me to do again yet\.$", "failure")
        ask(base, "generate a 12 km route in Walk Mate", "cat", r"12 km route")
        ask(base, "do that again", "cat", r"^Here's a 12 km route\.$")
        ask(base, "load berlin in slow walk", "ann", r"^Slow Walk isn't answering right now\.$", "failure")
        # Russian
        ask(base, "загрузи лесную тропу в Уок Мейт", "ivan", r"Открываю «Лесная тропа» в Walk Mate")
        ask(base, "построй маршрут на 2 км в Уок Мейт", "ivan",
            r"^Длина маршрута: от 3 до 20 км, поэтому я поставила 3\. Построила маршрут на 3 км\.$")
        ask(base, "построй маршрут в Уок Мейт", "ivan", r"Какой длины будет прогулка\?")
        ask(base, "семь километров", "ivan", r"Построила маршрут на 7 км")
        ask(base, "открой берлин в Уок Мейт", "ivan", r"Berlin Loop")
        # Japanese
        ask(base, "Walk Mateで皇居ランを開いて", "yuki", r"Walk Mateで皇居ランを開きました")
        ask(base, "ウォークメイトでルートを作って", "yuki", r"何キロのコースにしますか")
        ask(base, "十キロ", "yuki", r"10キロのルートを作りました")
        ask(base, "Walk Mateで30キロのルートを作って", "yuki", r"ルートは3から20キロまでしか設定できないので、20キロにしました")
        # Suggestions from donations
        suggestions = call(base, "GET", "/v1/suggestions?user=ann")["suggestions"]
        titles = [s["donation"].get("title") for s in suggestions]
        print("suggestions for ann:", titles)
        if not any(t and "Berlin Loop" in t for t in titles):
            failures.append(f"suggestions lack the Berlin Loop load: {titles}")
        top = next(s["donation"] for s in suggestions if "Berlin Loop" in (s["donation"].get("title") or ""))
        done = call(base, "POST", "/v1/suggestions/perform",
                    {"user": "ann", "app": top["app"], "intent": top["intent"], "parameters": top["parameters"]})
        print("suggestion taken:", done["reply"])
        if done["reply"] != "Loaded Berlin Loop in Walk Mate.":
            failures.append(f"a suggestion taken said {done['reply']!r}")
        # A manifest with a bad phrase is refused, naming the phrase
        bad = {"identifier": "org.example.bad", "name": "Bad App", "endpoint": "http://127.0.0.1:9",
               "intents": [{"identifier": "x", "title": "X", "phrases": {"en": ["open {thing} now"]}}]}
        try:
            call(base, "POST", "/v1/apps", bad)
            failures.append("a manifest whose phrase lacks {applicationName} was accepted")
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            print("bad manifest refused:", error.code, text)
            if error.code != 400 or "open {thing} now" not in text:
                failures.append(f"bad manifest: {error.code} {text}")
        # Entities change only with the app's secret
        try:
            call(base, "PUT", "/v1/apps/org.example.walkmate/entities", {"entities": []})
            failures.append("entities were changed without the app's secret")
        except urllib.error.HTTPError as error:
            if error.code != 401:
                failures.append(f"entities without the secret: {error.code}")
    finally:
        for process in (app, slow, tunes):
            process.terminate()
            process.wait(timeout=120)

if failures:
    print("\n".join(["FAILED:"] + failures))
    sys.exit(1)
print("apps: all conversations as expected")
