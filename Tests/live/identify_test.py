""""What song is this?" from the sound, end to end: three melodies made by sox and tagged, Music
Player Daemon over them, `hark import mpd://… --music-dir` fingerprinting them, one played through
MPD (by `hark ask --output mpd://…`) into a file (MPD's pipe output), eight seconds of what MPD
played put through a room (sox: 2 % fast, reverb, a small speaker's band, noise, Ogg Vorbis), and
that recording identified through `POST /v1/identify` of a running `hark serve`; then "play it".
A melody the library does not have is not named."""
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import urllib.request

from mutagen.flac import FLAC

from harkserver import call, running_server
from mpdserver import start_mpd
from waiting import wait_for

hark = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark")
work = tempfile.mkdtemp(prefix="hark-identify-")
music = os.path.join(work, "music")
os.makedirs(music)
capture = os.path.join(work, "played.raw")
TITLES = ["Dawn Chorus", "Harbour Lights", "Paper Kites"]


def run(*command):
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr}")
    return result.stdout.strip()


def melody(path, seed, seconds=40):
    """A plucked melody over a held note, its own for each seed (sox's effect chains, one per note)."""
    rng = random.Random(seed)
    scale = [0, 2, 4, 5, 7, 9, 11]
    root = 48 + rng.randrange(12)
    chain, step, total = [], rng.randrange(7, 14), 0.0
    while total < seconds:
        step = max(0, min(20, step + rng.choice([-2, -1, -1, 1, 1, 2])))
        note = root + 12 * (step // 7) + scale[step % 7]
        length = rng.choice([0.2, 0.3, 0.3, 0.45])
        chain += ["synth", str(length), "pluck", "%.2f" % (440 * 2 ** ((note - 69) / 12)), ":"]
        total += length
    run("sox", "-q", "-n", "-r", "44100", "-c", "1", path, *chain[:-1], "gain", "-n", "-3")


for index, title in enumerate(TITLES):
    path = os.path.join(music, f"{index + 1:02d} {title}.flac")
    melody(path, 100 + index)
    tags = FLAC(path)
    tags["title"], tags["artist"], tags["album"] = title, "The Plucks", "Sox Sessions"
    tags.save()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


port = free_port()
address = f"mpd://127.0.0.1:{port}"
daemon = start_mpd(os.path.join(work, "mpd"), music, port, capture=capture)
run("mpc", "-p", str(port), "update", "--wait")
database = {}


def prepare(path):
    database["path"] = path
    imported = run(hark, "import", address, "--music-dir", music, "--db", path)
    print("  " + imported.splitlines()[-1])
    assert "Fingerprints: 3 of 3 tracks have one" in imported, imported


def identify(base, recording, query=""):
    with open(recording, "rb") as source:
        request = urllib.request.Request(base + "/v1/identify" + query, data=source.read(), method="POST",
                                         headers={"Content-Type": "audio/ogg"})
    try:
        with urllib.request.urlopen(request, timeout=600) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def through_the_room(raw, start, out, fast=1.02):
    """Eight seconds of raw PCM from `start`, as a phone in the room records them."""
    clean = out + ".wav"
    run("sox", "-t", "raw", "-r", "44100", "-e", "signed", "-b", "16", "-c", "2", raw, clean,
        "trim", str(start), "8", "speed", str(fast), "reverb", "40", "50", "60", "sinc", "250-4500", "channels", "1")
    noise = out + ".noise.wav"
    run("sox", "-n", "-r", "44100", "-c", "1", noise, "synth", "8", "pinknoise", "vol", "0.05")
    run("sox", "-m", clean, noise, "-C", "0", out)


try:
    with running_server(hark, prepare) as base:
        # Hark plays the second melody through MPD, which writes what it plays to the capture file.
        reply = run(hark, "ask", "--db", database["path"], "--output", address, "--device", "room", "play harbour lights")
        print(f"  play harbour lights → {reply!r}")
        wait_for("MPD to have played 14 seconds", lambda: os.path.exists(capture)
                 and os.path.getsize(capture) >= 14 * 44100 * 4, every=0.2, seconds=120)
        run("mpc", "-p", str(port), "stop")
        recording = os.path.join(work, "heard.ogg")
        through_the_room(capture, 4.5, recording)
        status, answer = identify(base, recording, "?device=kitchen&lang=en")
        print(f"  identified: {status} {answer.get('reply')!r}")
        assert status == 200 and answer["code"] == "success", answer
        assert answer["items"][0]["title"] == "Harbour Lights", answer["items"]
        assert answer["reply"].startswith("That's Harbour Lights by The Plucks, from Sox Sessions."), answer["reply"]
        played = call(base, "POST", "/v1/ask", {"text": "play it", "device": "kitchen"})
        item = played["nowPlaying"]["item"]
        assert item["title"] == "Harbour Lights", played
        assert 2 <= played["nowPlaying"]["position"] <= 9, played["nowPlaying"]
        # The same in Japanese.
        status, answer = identify(base, recording, "?lang=ja")
        assert status == 200 and "「Harbour Lights」" in answer["reply"], answer
        # A melody the library does not have: not named, and said so.
        stranger = os.path.join(work, "stranger.flac")
        melody(stranger, 999, seconds=12)
        unknown = os.path.join(work, "stranger.ogg")
        run("sox", stranger, "-C", "0", unknown, "trim", "2", "8")
        status, answer = identify(base, unknown)
        assert status == 200 and answer["code"] == "failure" and "recognise" in answer["reply"], answer
        # Not a recording: refused with its reason.
        text = os.path.join(work, "notes.ogg")
        with open(text, "w") as out:
            out.write("not a sound")
        status, answer = identify(base, text)
        assert status == 400 and "not audio" in answer["error"], answer
        print("identify live test: passed")
finally:
    daemon.terminate()
    daemon.wait(timeout=30)
