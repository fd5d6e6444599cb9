"""Hark with real music: a generated folder of tagged audio files, Music Player Daemon on loopback
with a null audio output, `hark import` of the folder, then requests through
`hark ask --output mpd://…`, each checked against MPD's own state (mpc). A spoken reply is
rendered to WAV and checked to be sound of a plausible length (sox)."""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from make_music import make
from mpdserver import start_mpd

hark = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark")
work = tempfile.mkdtemp(prefix="hark-mpd-")
music = os.path.join(work, "music")
database = os.path.join(work, "hark.db")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


port = free_port()
address = f"mpd://127.0.0.1:{port}"


def run(*command, check=True):
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if check and result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr}")
    return result.stdout.strip()


def mpc(*arguments):
    return run("mpc", "-p", str(port), *arguments)


def ask(text, *options):
    reply = run(hark, "ask", "--db", database, "--output", address, *options, text)
    print(f"  {text!r} → {reply!r}")
    return reply


def status():
    """MPD's state line: playing/paused/stopped, the song's place and the elapsed time."""
    lines = mpc("status").splitlines()
    line = next((l for l in lines if l.startswith("[")), "")
    match = re.match(r"\[(\w+)\]\s+#(\d+)/(\d+)\s+(\d+):(\d+)/", line)
    if not match:
        return {"state": "stopped", "options": lines[-1]}
    return {"state": match.group(1), "position": int(match.group(2)), "length": int(match.group(3)),
            "elapsed": int(match.group(4)) * 60 + int(match.group(5)), "options": lines[-1]}


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def start_daemon():
    return start_mpd(work, music, port)


# Tracks long enough to outlast the steps that follow a skip: each `hark ask` here is a new
# process (a debug build takes seconds to start), and a 40-second track ran out between "skip
# forward 30 seconds" and the questions about what is playing.
made = make(music, seconds=120)
print(f"{made} audio files in {music}")
daemon = start_daemon()
try:
    mpc("update", "--wait")
    expect("Songs:       22" in mpc("stats"), "mpd did not index the folder: " + mpc("stats"))

    print("== import the folder")
    summary = run(hark, "import", "--db", database, music)
    print("  " + summary.splitlines()[0])
    expect("Read 22 of 23 audio files" in summary, summary)
    expect("2 not audio" in summary and "1 symlink loop" in summary and "1 unreadable" in summary, summary)
    expect("6 read with lyrics" in summary, summary)
    again = run(hark, "import", "--db", database, music)
    expect("Read 0 of 23" in again and "22 unchanged" in again, again)

    print("== play by a line of the lyrics, from every place the files keep them")
    for said, plays in [
        ("play the song that goes paper lantern drifting over the harbour lights", "Queen - Bohemian Rhapsody"),
        ("play the song that goes we keep on dancing past the dawn", "Daft Punk - One More Time"),
        ("play the song with the lyrics a letter folded in a winter coat", "Adele - Hello"),
        ("включи песню со словами тёплый ветер над пустой рекой", "Кино - Группа крови"),
        ("夜明けの街に光が落ちるって歌詞の曲をかけて", "米津玄師 - 感電"),
        ("play the song that goes blue smoke rising from the corner table", "Miles Davis - So What"),
    ]:
        reply = ask(said)
        expect(mpc("current") == plays and status()["state"] == "playing", f"{said}: {mpc('current')} / {reply}")
    reply = ask("play the song that goes purple elephants dance across the moon")
    expect("couldn't find a song with those words" in reply, reply)

    print("== play through MPD")
    ask("play hello by adele")
    expect(mpc("current") == "Adele - Hello" and status()["state"] == "playing", mpc("status"))

    ask("play the album kind of blue")
    expect(mpc("playlist").splitlines() == ["Miles Davis - So What", "Miles Davis - Freddie Freeloader"],
           mpc("playlist"))
    expect(mpc("current") == "Miles Davis - So What", mpc("current"))

    reply = ask("play songs by radiohead")
    expect(mpc("current") == "Radiohead - Karma Police", mpc("current") + " / " + reply)

    ask("включи Кино")
    expect(mpc("current").startswith("Кино - "), mpc("current"))

    ask("感電を再生して")
    expect(mpc("current") == "米津玄師 - 感電", mpc("current"))

    reply = ask("play uptown funk")
    expect("Uptown Funk" in mpc("current") and "Bruno Mars" in reply, reply)

    ask("play the wall by pink floyd")
    expect(mpc("playlist").splitlines() == ["Pink Floyd - In the Flesh?", "Pink Floyd - Hey You"], mpc("playlist"))

    ask("shuffle the album abbey road")
    queue = mpc("playlist").splitlines()
    expect(sorted(queue) == ["The Beatles - Come Together", "The Beatles - Here Comes the Sun",
                             "The Beatles - Something"], queue)
    expect(status()["state"] == "playing", mpc("status"))

    ask("pause")
    expect(status()["state"] == "paused", mpc("status"))

    before = mpc("current")
    reply = ask("next")
    after = status()
    expect(after["state"] == "playing" and after["position"] == 2 and mpc("current") != before, mpc("status"))

    # Measured from where the track was just before the skip, and allowing for the time the
    # request itself took on a loaded machine (a fixed 28-34 s window failed when "next" and the
    # skip were seconds apart).
    start, started = status()["elapsed"], time.monotonic()
    ask("skip forward 30 seconds")
    waited = time.monotonic() - started
    expect(start + 28 <= status()["elapsed"] <= start + 32 + waited, mpc("status"))

    reply = ask("what song is this")
    title = mpc("current").split(" - ", 1)[1]
    expect(title in reply, f"{reply!r} does not name {title!r}")

    # MPD moves on by itself: Hark answers from the daemon, not its own clock.
    mpc("next")
    title = mpc("current").split(" - ", 1)[1]
    reply = ask("what song is this")
    expect(title in reply, f"after mpc next: {reply!r} does not name {title!r}")

    ask("set the volume to 40")
    expect("volume: 40%" in mpc("volume"), mpc("volume"))
    ask("repeat this song")
    options = status()["options"]
    expect("repeat: on" in options and "single: on" in options, options)

    print("== the daemon goes away, and comes back")
    daemon.terminate()
    daemon.wait(timeout=120)
    reply = ask("pause")
    expect(reply == "I can't reach the player.", reply)
    daemon = start_daemon()
    reply = ask("play hello by adele")
    expect(mpc("current") == "Adele - Hello", mpc("current") + " / " + reply)

    print("== import from MPD's own database")
    other = os.path.join(work, "from-mpd.db")
    summary = run(hark, "import", "--db", other, address)
    print("  " + summary)
    expect("Imported 22 songs" in summary, summary)
    reply = run(hark, "ask", "--db", other, "--output", address, "play karma police")
    expect(mpc("current") == "Radiohead - Karma Police", mpc("current") + " / " + reply)

    print("== cover art of items from MPD's database, read from the daemon")
    server = subprocess.Popen([hark, "serve", "--db", other, "--output", address, "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        base = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline()).group(0).rstrip("/")
        with urllib.request.urlopen(base + "/v1/items/album%2Fthe-beatles%2Fabbey-road/art?size=128", timeout=600) as answer:
            kind, picture = answer.headers["Content-Type"], answer.read()
        expect(kind == "image/jpeg" and picture[:3] == b"\xff\xd8\xff", f"Abbey Road's picture: {kind}, {len(picture)} bytes")
        print(f"  Abbey Road: {kind}, {len(picture)} bytes (the picture in its FLAC tags, through readpicture)")
    finally:
        server.terminate()
        server.wait(timeout=120)

    print("== a spoken reply")
    wav = os.path.join(work, "reply.wav")
    reply = run(hark, "ask", "--db", database, "--speak-to", wav, "play hello by adele")
    stats = subprocess.run(["sox", wav, "-n", "stat"], capture_output=True, text=True).stderr
    length = float(re.search(r"Length \(seconds\):\s+([\d.]+)", stats).group(1))
    rms = float(re.search(r"RMS\s+amplitude:\s+([\d.]+)", stats).group(1))
    print(f"  {reply!r} spoken: {length:.2f} s, RMS amplitude {rms:.3f}")
    expect(0.5 <= length <= 10 and rms > 0.01, stats)
    os.makedirs(".build/artifacts", exist_ok=True)
    shutil.copy(wav, ".build/artifacts/reply.wav")
    print("mpd test passed")
finally:
    daemon.terminate()
    daemon.wait(timeout=120)
