"""A home of three people, five devices in four rooms and two apps, through `hark serve`'s HTTP API:
two Music Player Daemon processes (null audio outputs) are the kitchen and bedroom speakers, the
Walk Mate and Tunes example apps run beside it, and a second home shares the server. Each request of
the scenario (en, ru, ja, zh-Hans) is checked for its reply, for what each daemon plays (read back
from MPD), and for whose library changed. The position kept when music moves is measured."""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harkserver import call, wait_healthy  # noqa: E402
from make_music import make  # noqa: E402
from mpdserver import start_mpd  # noqa: E402
from waiting import WaitedTooLong, wait_for  # noqa: E402

hark = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark")
examples = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples")
work = tempfile.mkdtemp(prefix="hark-home-")
music = os.path.join(work, "music")
failures = []


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_named_mpd(name, port):
    return start_mpd(os.path.join(work, name), music, port)


def mpc(port, *arguments):
    return subprocess.run(["mpc", "-p", str(port), *arguments], capture_output=True, text=True, timeout=120).stdout.strip()


def elapsed(port):
    """MPD's own elapsed time of the current song, in seconds with fractions (its `status` command)."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
        reader = connection.makefile("rb")
        reader.readline()  # OK MPD <version>
        connection.sendall(b"status\n")
        lines = []
        while True:
            line = reader.readline().decode().strip()
            if line == "OK" or line.startswith("ACK") or not line:
                break
            lines.append(line)
    found = next((line.split(": ", 1)[1] for line in lines if line.startswith("elapsed: ")), None)
    return float(found) if found else None


def state(port):
    """(playing|paused|stopped, the current song, elapsed seconds with fractions)."""
    lines = mpc(port, "status").splitlines()
    line = next((l for l in lines if l.startswith("[")), "")
    match = re.match(r"\[(\w+)\]", line)
    return (match.group(1) if match else "stopped", mpc(port, "current"), elapsed(port))


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


kitchen, bedroom = free_port(), free_port()
made = make(music, seconds=120)
daemons = [start_named_mpd("kitchen", kitchen), start_named_mpd("bedroom", bedroom)]
server = None
try:
    for port in (kitchen, bedroom):
        mpc(port, "update", "--wait")
    database = os.path.join(work, "hark.db")
    subprocess.run([hark, "import", "--db", database, music], check=True, capture_output=True)
    log = open(os.path.join(work, "serve.log"), "w")
    server = subprocess.Popen([hark, "serve", "--port", "0", "--db", database], stdout=subprocess.PIPE, stderr=log,
                              text=True)
    base = "http://127.0.0.1:" + re.search(r":(\d+)/", server.stdout.readline()).group(1)
    wait_healthy(base)
    home = {"name": "Flat",
            "people": [{"id": "ann", "name": "Ann", "languages": ["en", "zh-Hans"], "voiceProfile": "voice-ann"},
                       {"id": "boris", "name": "Boris", "languages": ["ru"], "voiceProfile": "voice-boris"},
                       {"id": "yuki", "name": "Yuki", "languages": ["ja"], "voiceProfile": "voice-yuki"}],
            "rooms": [{"id": "living", "name": "living room", "aliases": ["гостиная", "リビング", "客厅"]},
                      {"id": "kitchen", "name": "kitchen", "aliases": ["кухня", "キッチン", "厨房"]},
                      {"id": "bedroom", "name": "bedroom", "aliases": ["спальня", "寝室", "卧室"],
                       "groups": ["upstairs", "наверху"]},
                      {"id": "office", "name": "office", "aliases": ["кабинет", "書斎", "书房"],
                       "groups": ["upstairs", "наверху"]}],
            "devices": [{"id": "living-speaker", "name": "living room speaker", "kind": "speaker", "room": "living",
                         "playsAudio": False},
                        {"id": "kitchen-speaker", "name": "kitchen speaker", "kind": "speaker", "room": "kitchen",
                         "output": f"mpd://127.0.0.1:{kitchen}"},
                        {"id": "bedroom-speaker", "name": "bedroom speaker", "kind": "speaker", "room": "bedroom",
                         "output": f"mpd://127.0.0.1:{bedroom}"},
                        {"id": "office-tv", "name": "office tv", "kind": "tv", "room": "office", "hasScreen": True},
                        {"id": "ann-phone", "name": "Ann's phone", "kind": "phone", "owner": "ann",
                         "playsAudio": False, "hasScreen": True}]}
    call(base, "PUT", "/v1/home/flat", home)
    call(base, "PUT", "/v1/home/cabin", {"name": "Cabin", "people": [{"id": "olga", "name": "Olga"}],
                                          "rooms": [{"id": "kitchen", "name": "kitchen"}],
                                          "devices": [{"id": "kitchen-speaker", "name": "kitchen speaker",
                                                       "kind": "speaker", "room": "kitchen"}]})
    apps = [subprocess.Popen([sys.executable, os.path.join(examples, "walkmate", "walkmate.py"), "--hark", base],
                             stdout=subprocess.PIPE, text=True),
            subprocess.Popen([sys.executable, os.path.join(examples, "tunes", "tunes.py"), "--hark", base],
                             stdout=subprocess.PIPE, text=True)]
    for app in apps:
        assert "ready" in app.stdout.readline()

    K, B = "kitchen", "bedroom"
    HELLO, SEND = "Adele - Hello", "Adele - Send My Love"
    # (heard on, voice, request, reply pattern, checks): checks name a daemon's (state, song), or
    # ("liked", person, title) / ("notLiked", person, title) for whose library changed.
    scenario = [
        ("living-speaker", "voice-ann", "play hello by adele in the kitchen", r"^Playing Hello by Adele\.$",
         {K: ("playing", HELLO), B: ("stopped", "")}),
        ("living-speaker", "voice-ann", "move the music to the bedroom", r"^Moved Hello to the bedroom\.$",
         {K: ("stopped", ""), B: ("playing", HELLO)}),
        ("living-speaker", "voice-ann", "also play it in the kitchen", r"Hello is now playing in the kitchen too",
         {K: ("playing", HELLO), B: ("playing", HELLO)}),
        ("living-speaker", None, "pause everywhere", r"Paused", {K: ("paused", HELLO), B: ("paused", HELLO)}),
        ("living-speaker", None, "resume in the kitchen", r".", {K: ("playing", HELLO), B: ("paused", HELLO)}),
        ("living-speaker", None, "I like this song", r"^I can't tell who's speaking", {"notLiked": ("ann", "Hello")}),
        ("kitchen-speaker", "voice-ann", "I like this song", r"Hello", {"liked": ("ann", "Hello")}),
        ("kitchen-speaker", None, "next song", r".", {K: ("playing", SEND)}),
        ("living-speaker", None, "what is playing in the kitchen", r"Send My Love", {K: ("playing", SEND)}),
        ("living-speaker", None, "stop the music in the kitchen", r".", {K: ("stopped", "")}),
        ("living-speaker", None, "play hello in the garage", r"^There's no room called garage in this home\.$",
         {K: ("stopped", "")}),
        ("living-speaker", None, "play karma police upstairs", r"Karma Police",
         {B: ("playing", "Radiohead - Karma Police"), K: ("stopped", "")}),
        ("ann-phone", None, "I like this song in the bedroom", r"Karma Police", {"liked": ("ann", "Karma Police")}),
        ("living-speaker", None, "stop everywhere", r".", {K: ("stopped", ""), B: ("stopped", "")}),
        # Russian
        ("living-speaker", "voice-boris", "включи Группа крови на кухне", r"Группа крови",
         {K: ("playing", "Кино - Группа крови"), B: ("stopped", "")}),
        ("living-speaker", "voice-boris", "переключи музыку в спальню", r"^Перенесла «Группа крови» в комнату «спальня»",
         {K: ("stopped", ""), B: ("playing", "Кино - Группа крови")}),
        ("bedroom-speaker", "voice-boris", "мне нравится эта песня", r"Группа крови",
         {"liked": ("boris", "Группа крови"), "notLiked": ("ann", "Группа крови")}),
        ("living-speaker", "voice-boris", "включи это ещё и на кухне", r"играет и в комнате «кухня»",
         {K: ("playing", "Кино - Группа крови"), B: ("playing", "Кино - Группа крови")}),
        ("living-speaker", "voice-boris", "сделай громче на кухне", r".", {K: ("playing", "Кино - Группа крови")}),
        ("living-speaker", "voice-boris", "поставь на паузу везде", r".",
         {K: ("paused", "Кино - Группа крови"), B: ("paused", "Кино - Группа крови")}),
        ("living-speaker", "voice-boris", "останови музыку на кухне", r".", {K: ("stopped", "")}),
        ("living-speaker", "voice-boris", "включи музыку в гараже", r"^В этом доме нет комнаты «гараже»", {K: ("stopped", "")}),
        ("living-speaker", "voice-boris", "включи karma police наверху", r"Karma Police",
         {B: ("playing", "Radiohead - Karma Police")}),
        ("living-speaker", None, "мне нравится эта песня", r"^Не могу понять, кто говорит", {}),
        ("living-speaker", "voice-boris", "пауза везде", r".", {B: ("paused", "Radiohead - Karma Police")}),
        # Japanese
        ("living-speaker", "voice-yuki", "キッチンで感電を再生して", r"感電", {K: ("playing", "米津玄師 - 感電")}),
        ("living-speaker", "voice-yuki", "音楽を寝室に移して", r"^「感電」を寝室に移しました。$",
         {K: ("stopped", ""), B: ("playing", "米津玄師 - 感電")}),
        ("bedroom-speaker", "voice-yuki", "この曲好き", r"感電", {"liked": ("yuki", "感電")}),
        ("living-speaker", "voice-yuki", "キッチンでも流して", r"キッチンでも再生しています",
         {K: ("playing", "米津玄師 - 感電"), B: ("playing", "米津玄師 - 感電")}),
        ("living-speaker", "voice-yuki", "キッチンで止めて", r".", {K: ("paused", "米津玄師 - 感電"), B: ("playing", "米津玄師 - 感電")}),
        ("living-speaker", "voice-yuki", "寝室で馬と鹿を再生して", r"馬と鹿", {B: ("playing", "米津玄師 - 馬と鹿")}),
        ("living-speaker", None, "この曲好き", r"^どなたが話しているか分からない", {}),
        # Chinese
        ("living-speaker", None, "在厨房播放Hello", r"Hello", {K: ("playing", HELLO)}),
        ("living-speaker", None, "把音乐转到卧室", r"^已把《Hello》转到卧室", {K: ("stopped", ""), B: ("playing", HELLO)}),
        ("living-speaker", None, "厨房也播放", r"也在厨房播放", {K: ("playing", HELLO), B: ("playing", HELLO)}),
        ("living-speaker", None, "卧室暂停", r".", {B: ("paused", HELLO), K: ("playing", HELLO)}),
        ("living-speaker", None, "暂停所有房间", r".", {B: ("paused", HELLO), K: ("paused", HELLO)}),
        ("kitchen-speaker", "voice-ann", "我喜欢这首歌", r"Hello", {"liked": ("ann", "Hello")}),
        ("living-speaker", None, "在书房播放So What", r"So What", {K: ("paused", HELLO), B: ("paused", HELLO)}),
        # Walk Mate: consent per person, a speaker never sends to the app, a follow-up, a Which one.
        ("living-speaker", "voice-ann", "load berlin loop in walk mate", r"^Walk Mate would like to use your data", {}),
        ("living-speaker", "voice-ann", "yes", r"^Loaded Berlin Loop in Walk Mate\.$", {}),
        ("living-speaker", "voice-ann", "generate a 50 km route in walk mate",
         r"^Routes can be 3 to 20 km, so I made it 20\. Here's a 20 km route\.$", {}),
        ("living-speaker", "voice-ann", "generate a route in walk mate", r"^How long should the walk be\?$", {}),
        ("living-speaker", "voice-ann", "six kilometers", r"^Here's a 6 km route\.$", {}),
        ("living-speaker", "voice-ann", "open park in walk mate", r"^Which one: Park North or Park South\?$", {}),
        ("living-speaker", "voice-ann", "the first one", r"^Loaded Park North in Walk Mate\.$", {}),
        ("living-speaker", "voice-boris", "загрузи лесную тропу в Уок Мейт", r"Walk Mate просит доступ", {}),
        ("living-speaker", "voice-boris", "нет", r"^Хорошо, Walk Mate не будет", {}),
        ("living-speaker", "voice-boris", "загрузи лесную тропу в Уок Мейт", r"^Вы не разрешили Walk Mate", {}),
        ("living-speaker", "voice-yuki", "Walk Mateで皇居ランを開いて", r"Walk Mateがあなたのデータ", {}),
        ("living-speaker", "voice-yuki", "はい", r"Walk Mateで皇居ランを開きました", {}),
        ("living-speaker", "voice-ann", "do that again", r"^Loaded Park North in Walk Mate\.$", {}),
        # Tunes, a music service of its own: it plays there, not on the home's daemons.
        ("living-speaker", "voice-ann", "play midnight drive in tunes", r"^Tunes would like to use your data", {}),
        ("living-speaker", "voice-ann", "yes", r"^Playing Midnight Drive by The Night Owls\.$",
         {K: ("paused", HELLO), B: ("paused", HELLO)}),
        ("living-speaker", "voice-ann", "play paper in tunes", r"^Which one: Paper Boats by Lina Park or Paper Moon", {}),
        ("living-speaker", "voice-ann", "the second one", r"^Playing Paper Moon by The Night Owls\.$", {}),
        # Another home shares the server and nothing else.
        ("cabin/kitchen-speaker", None, "play hello in the bedroom", r"^There's no room called bedroom in this home\.$",
         {K: ("paused", HELLO), B: ("paused", HELLO)}),
        ("cabin/kitchen-speaker", None, "play hello", r"^Playing Hello by Adele\.$",
         {K: ("paused", HELLO), B: ("paused", HELLO)}),
        ("living-speaker", None, "resume everywhere", r".", {K: ("playing", HELLO), B: ("playing", HELLO)}),
        ("living-speaker", None, "what is playing in the bedroom", r"Hello", {B: ("playing", HELLO)}),
        ("living-speaker", None, "stop everywhere", r".", {K: ("stopped", ""), B: ("stopped", "")}),
    ]

    def library(person):
        return [item["title"] for item in call(base, "GET", "/v1/library?user=home:flat/" + person)["liked"]]

    for heard, voice, text, pattern, checks in scenario:
        home_id, device = heard.split("/") if "/" in heard else ("flat", heard)
        body = {"text": text, "home": home_id, "device": device}
        if voice:
            body["voiceProfile"] = voice
        reply = call(base, "POST", "/v1/ask", body)["reply"]

        def differences():
            found = []
            for key, value in checks.items():
                if key in (K, B):
                    got = state(kitchen if key == K else bedroom)[:2]
                    if got != value:
                        found.append(f"{key} {got} not {value}")
                elif key == "liked" and value[1] not in library(value[0]):
                    found.append(f"{value[0]} does not like {value[1]}")
                elif key == "notLiked" and value[1] in library(value[0]):
                    found.append(f"{value[0]} likes {value[1]}")
            return found

        # What the daemons play is read back until it is what the reply said (a daemon takes its
        # command a moment after Hark has sent it), within a deadline that only a fault reaches.
        try:
            wait_for(f"{text!r} to be carried out", lambda: not differences(), seconds=60, every=0.05)
        except WaitedTooLong:
            pass
        problems = ([] if re.search(pattern, reply) else [f"reply /{pattern}/"]) + differences()
        check(not problems, f"[{heard} {voice or '-'}] {text!r} → {reply!r}" + (" :: " + "; ".join(problems) if problems else ""))
    print(f"{len(scenario)} requests")

    # Every room a request acts on is announced on the event stream (the office's page hears of a
    # request heard in the living room).
    import urllib.request
    stream = urllib.request.urlopen(base + "/v1/events?device=home:flat/office-tv", timeout=30)
    stream.readline()  # the stream's first event: it is subscribed
    call(base, "POST", "/v1/ask", {"text": "play so what upstairs", "home": "flat", "device": "living-speaker"})
    heard = ""
    deadline = time.monotonic() + 120  # a comment every 5 s keeps each read short
    while "So What" not in heard and time.monotonic() < deadline:
        heard += stream.readline().decode()
    stream.close()
    check("So What" in heard, "the office's event stream tells of a request heard in the living room")

    # One queue in two rooms: the daemons' own positions, a moment after "also play it there".
    # The kitchen plays two seconds first, so the bedroom must join mid-song. Each room's position
    # is read with the moment it was read, and the readings compared at one moment: on a busy
    # machine the two reads are apart by however long the second took to ask.
    call(base, "POST", "/v1/ask", {"text": "play hello by adele in the kitchen", "home": "flat", "device": "living-speaker"})
    wait_for("the kitchen to play two seconds of Hello", lambda: (elapsed(kitchen) or 0) >= 2, every=0.05)
    call(base, "POST", "/v1/ask", {"text": "also play it in the bedroom", "home": "flat", "device": "living-speaker"})
    wait_for("the bedroom to play Hello", lambda: state(bedroom)[:2] == ("playing", HELLO), every=0.05)

    def read_at(port):
        before = time.monotonic()
        position = elapsed(port)
        return position, (before + time.monotonic()) / 2

    drifts = []
    for _ in range(5):
        time.sleep(0.5)  # samples half a second apart, over the song's first seconds
        (first, first_at), (second, second_at) = read_at(kitchen), read_at(bedroom)
        drifts.append(abs(first + (second_at - first_at) - second))
    print("  position apart across the two daemons: " + ", ".join(f"{d:.3f}" for d in drifts) + " s")
    check(max(drifts) <= 1.0, f"the two rooms within a second of each other (at most {max(drifts):.3f} s)")

    # A room whose daemon hangs (SIGSTOP) is given up on in time, named in the reply, and put back
    # to what Hark says it plays once the daemon wakes; the other room plays.
    call(base, "POST", "/v1/ask", {"text": "stop everywhere", "home": "flat", "device": "living-speaker"})
    daemons[0].send_signal(signal.SIGSTOP)
    started = time.time()
    reply = call(base, "POST", "/v1/ask", {"text": "play hello everywhere", "home": "flat", "device": "living-speaker"})
    took = time.time() - started
    daemons[0].send_signal(signal.SIGCONT)
    print(f"  with the kitchen's daemon stopped: {reply['reply']!r} in {took:.2f} s")
    check("kitchen" in reply["reply"] and "in time" in reply["reply"], "the reply names the kitchen as not answering")
    check(took < 10, f"the reply came within the request's budget ({took:.2f} s)")
    # Once the daemon wakes, its late command lands and Hark puts the kitchen back to silence.
    try:
        wait_for("the kitchen put back to silence and the bedroom playing Hello",
                 lambda: state(bedroom)[:2] == ("playing", HELLO) and state(kitchen)[0] == "stopped", every=0.1)
    except WaitedTooLong as error:
        print("  " + str(error))
    check(state(bedroom)[:2] == ("playing", HELLO), f"the bedroom plays Hello: {state(bedroom)[:2]}")
    check(state(kitchen)[0] == "stopped", f"the kitchen was put back to silence: {state(kitchen)[:2]}")
    kitchen_says = call(base, "POST", "/v1/ask", {"text": "what is playing in the kitchen", "home": "flat", "device": "living-speaker"})
    check("Hello" not in kitchen_says["reply"], f"Hark does not say the kitchen plays it: {kitchen_says['reply']!r}")
    for app in apps:
        app.terminate()
finally:
    if server:
        server.terminate()
        server.wait(timeout=120)
    for daemon in daemons:
        daemon.terminate()
        daemon.wait(timeout=120)

if failures:
    print("FAILED:\n" + "\n".join(failures))
    sys.exit(1)
shutil.rmtree(work, ignore_errors=True)
print("home: every request of the scenario as expected")
