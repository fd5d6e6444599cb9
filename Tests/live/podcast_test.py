"""Podcasts for real (issue 37): a small HTTP server of our own serves feed files and their audio
(with ETag, If-None-Match and byte ranges, as podcast hosts do, so MPD can seek in an episode);
`hark podcasts add` subscribes, a new episode put in the feed is found by `hark podcasts refresh`,
"play the latest episode" plays it through a real Music Player Daemon, a pause part way and
"continue the podcast" resume within a second of where it stopped (MPD's own elapsed time), an
episode heard to its end counts as played; feeds that answer 500, are not XML, are 50 MB or hold an
entity-expansion bomb are refused and change nothing. Usage: podcast_test.py [HARK]"""
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from mpdserver import start_mpd
from waiting import wait_for

hark = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark")
work = tempfile.mkdtemp(prefix="hark-podcasts-")
site = os.path.join(work, "site")
os.makedirs(site)
database = os.path.join(work, "hark.db")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class FeedHost(BaseHTTPRequestHandler):
    """Files of `site` with validators and ranges; /status/N answers N."""

    def log_message(self, *arguments):
        pass

    def do_GET(self):
        status = re.fullmatch(r"/status/(\d+)", self.path)
        if status:
            self.send_response(int(status.group(1)))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        path = os.path.join(site, os.path.basename(self.path))
        if not os.path.isfile(path):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        stat = os.stat(path)
        etag = '"%s"' % hashlib.sha1(f"{stat.st_size}-{stat.st_mtime_ns}".encode()).hexdigest()[:16]
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        size = stat.st_size
        start, end = 0, size - 1
        ranged = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
        if ranged:
            start = int(ranged.group(1))
            end = min(int(ranged.group(2)), size - 1) if ranged.group(2) else size - 1
        self.send_response(206 if ranged else 200)
        self.send_header("Content-Type", "application/rss+xml" if path.endswith(".xml") else "audio/mpeg")
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", formatdate(stat.st_mtime, usegmt=True))
        if ranged:
            self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.end_headers()
        with open(path, "rb") as source:
            source.seek(start)
            left = end - start + 1
            try:
                while left > 0:
                    chunk = source.read(min(65536, left))
                    if not chunk:
                        break
                    self.wfile.write(chunk)
                    left -= len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client stopped reading (a size limit, a seek)


host = ThreadingHTTPServer(("127.0.0.1", 0), FeedHost)
threading.Thread(target=host.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{host.server_address[1]}"


def episode_audio(name, seconds, frequency):
    """An MP3 of a tone (mono, 22 kHz, 32 kb/s: ten minutes are 2.4 MB)."""
    path = os.path.join(site, name)
    subprocess.run(["sox", "-n", "-r", "22050", "-c", "1", "-C", "32", path, "synth", str(seconds), "sine",
                    str(frequency)], check=True)
    return f"{base}/{name}"


def item(title, guid, date, audio, seconds):
    return f"""<item><title>{title}</title><guid>{guid}</guid><pubDate>{date}</pubDate>
      <enclosure url="{audio}" type="audio/mpeg"/><itunes:duration>{seconds}</itunes:duration></item>"""


def write_feed(items):
    with open(os.path.join(site, "owls.xml"), "w") as out:
        out.write(f"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
  <title>Night Owls Live</title><itunes:author>The Owl Collective</itunes:author>
  {"".join(items)}
</channel></rss>""")


def run(*command, check=True):
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if check and result.returncode != 0:
        raise AssertionError(f"{' '.join(command)} failed ({result.returncode}): {result.stdout} {result.stderr}")
    return result


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


port = free_port()
address = f"mpd://127.0.0.1:{port}"


def mpd_status():
    """MPD's own status, from its protocol: state, elapsed seconds (to the millisecond), the song's file."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        stream = connection.makefile("rw", encoding="utf-8", newline="\n")
        stream.readline()  # OK MPD …
        fields = {}
        for command in ("status", "currentsong"):
            stream.write(command + "\n")
            stream.flush()
            for line in iter(stream.readline, ""):
                if line.startswith("OK") or line.startswith("ACK"):
                    break
                key, _, value = line.rstrip("\n").partition(": ")
                fields.setdefault(key, value)
        return fields


def ask(text, *options):
    reply = run(hark, "ask", "--db", database, "--output", address, *options, text).stdout.strip()
    print(f"  {text!r} → {reply!r}")
    return reply


def followed():
    return json.loads(run(hark, "podcasts", "--db", database, "--json").stdout)


daemon = start_mpd(os.path.join(work, "mpd"), site, port)
try:
    print("== subscribe by address")
    first = episode_audio("first.mp3", 5, 440)
    write_feed([item("First light", "owl-1", "Mon, 01 Dec 2025 08:00:00 GMT", first, 5)])
    added = run(hark, "podcasts", "add", f"{base}/owls.xml", "--db", database)
    print("  " + added.stdout.strip())
    expect("Night Owls Live" in added.stdout and "1 episodes" in added.stdout, added.stdout)

    print("== nothing changed: the refresh is a conditional request answered 304")
    unchanged = run(hark, "podcasts", "refresh", "--db", database).stdout
    expect("Night Owls Live: unchanged" in unchanged, unchanged)

    print("== a new episode in the feed is found on the next refresh")
    # Ten minutes: long enough that however slow the machine, it is still part way through when
    # the checks after the resume run (a place in its last 30 s would count as heard).
    second = episode_audio("second.mp3", 600, 330)
    write_feed([item("Second wind", "owl-2", "Tue, 02 Dec 2025 08:00:00 GMT", second, 600),
                item("First light", "owl-1", "Mon, 01 Dec 2025 08:00:00 GMT", first, 5)])
    refreshed = run(hark, "podcasts", "refresh", "--db", database).stdout
    expect("Night Owls Live: 1 new episodes" in refreshed, refreshed)

    print("== the latest episode plays through MPD, from the feed's address")
    reply = ask("play the latest episode of night owls live")
    expect("Second wind" in reply, reply)
    playing = wait_for("MPD to play the new episode", lambda: (lambda s: s.get("state") == "play"
                       and s.get("file") == second and float(s.get("elapsed", 0)) >= 3 and s)(mpd_status()),
                       describe=mpd_status)

    print("== the oldest episode heard to its end; the show goes on to the next, paused part way")
    reply = ask("play the oldest episode of night owls live")
    expect("First light" in reply, reply)
    wait_for("MPD to finish the first episode and play the next for 3 s",
             lambda: (lambda s: s.get("file") == second and float(s.get("elapsed", 0)) >= 3)(mpd_status()),
             describe=mpd_status)
    ask("pause")
    paused = mpd_status()
    expect(paused.get("state") == "pause" and paused.get("file") == second, paused)
    stopped_at = float(paused["elapsed"])

    print("== on another speaker, 'continue the podcast' resumes within a second of where it stopped")
    reply = ask("continue the podcast", "--device", "kitchen")
    expect("Second wind" in reply, reply)
    resumed = wait_for("MPD to play the episode again",
                       lambda: (lambda s: s.get("state") == "play" and s.get("file") == second and s)(mpd_status()),
                       describe=mpd_status)
    print(f"  stopped at {stopped_at:.3f} s, resumed at {float(resumed['elapsed']):.3f} s")
    expect(abs(float(resumed["elapsed"]) - stopped_at) <= 1.0, f"resumed at {resumed['elapsed']}, stopped at {stopped_at}")

    print("== the episode heard to its end counts as played; the one part way does not")
    episodes = {e["item"]["title"]: e for e in followed()[0]["episodes"]}
    expect(episodes["First light"]["played"] is True, episodes)
    expect(episodes["Second wind"]["played"] is False, episodes)
    reply = ask("play the next unplayed episode of night owls live", "--device", "kitchen")
    expect("Second wind" in reply, reply)

    print("== hostile or broken feeds are refused and change nothing")
    before = followed()
    with open(os.path.join(site, "notxml.xml"), "w") as out:
        out.write("<html><body>a web page, not a feed")
    with open(os.path.join(site, "large.xml"), "w") as out:
        out.write("<rss><channel><title>big</title>" + "<item><title>x</title></item>" * (50 * 1024 * 1024 // 29) + "</channel></rss>")
    bomb = '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a0 "lol">'
    for level in range(1, 10):
        bomb += f'<!ENTITY a{level} "' + f"&a{level - 1};" * 10 + '">'
    with open(os.path.join(site, "bomb.xml"), "w") as out:
        out.write(bomb + "]><rss><channel><title>&a9;</title></channel></rss>")
    for path, reason in [("status/500", "HTTP 500"), ("notxml.xml", "not"), ("large.xml", "larger than"),
                         ("bomb.xml", "entit")]:
        refused = run(hark, "podcasts", "add", f"{base}/{path}", "--db", database, check=False)
        print(f"  {path}: {refused.stderr.strip()}")
        expect(refused.returncode == 1 and reason in refused.stderr, refused.stderr)
    # The followed feed turning into a bomb: refused, its episodes kept.
    shutil.copy(os.path.join(site, "bomb.xml"), os.path.join(site, "owls.xml"))
    failed = run(hark, "podcasts", "refresh", "--db", database, check=False)
    expect(failed.returncode == 1 and "entit" in failed.stdout, failed.stdout)
    after = followed()
    expect([e["item"]["title"] for e in after[0]["episodes"]] == [e["item"]["title"] for e in before[0]["episodes"]],
           after)
    expect(after[0]["error"] and "entit" in after[0]["error"], after[0])
    print("podcasts: all checks passed")
finally:
    daemon.terminate()
    daemon.wait(timeout=60)
    host.shutdown()
