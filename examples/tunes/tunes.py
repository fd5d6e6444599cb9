"""Tunes: an example music service with a catalog of its own, reached by Hark over HTTP for the
media intents (play, add, like, search). It registers a manifest with `mediaIntents`, and answers
Hark's signed calls at POST /media in two steps: `resolve` (what a search names in its catalog)
and `handle` (play, add, like or show the items resolved). GET /state shows what it plays, its
likes and playlists (for tests).

    python3 examples/tunes/tunes.py --hark http://127.0.0.1:8770 [--port 0]

Prints "tunes ready on PORT" once registered. Standard library only.
"""
import argparse
import hashlib
import hmac
import json
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CATALOG = [
    {"identifier": "tunes:1", "title": "Midnight Drive", "type": "song", "artist": "The Night Owls"},
    {"identifier": "tunes:2", "title": "Paper Boats", "type": "song", "artist": "Lina Park"},
    {"identifier": "tunes:3", "title": "Paper Moon", "type": "song", "artist": "The Night Owls"},
    {"identifier": "tunes:4", "title": "Owl Songs", "type": "album", "artist": "The Night Owls"},
]


def fold(text):
    return " ".join("".join(c.lower() if c.isalnum() else " " for c in text or "").split())


class Tunes:
    def __init__(self, hark):
        self.hark = hark.rstrip("/")
        self.secret = None
        self.playing = None
        self.likes = []
        self.playlists = {}

    def register(self, port):
        manifest = {"identifier": "org.example.tunes", "name": "Tunes", "alternativeNames": ["Tunes Music"],
                    "endpoint": f"http://127.0.0.1:{port}",
                    "mediaIntents": ["playMedia", "addMedia", "updateMediaAffinity", "searchForMedia"]}
        request = urllib.request.Request(self.hark + "/v1/apps", data=json.dumps(manifest).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=600) as response:
            self.secret = json.loads(response.read())["secret"]

    def resolve(self, call):
        search = call["search"]
        if search.get("reference") == "currentlyPlaying":
            return {"status": "success", "items": [self.playing]} if self.playing else {"status": "notFound"}
        name, artist = fold(search.get("mediaName")), fold(search.get("artistName"))
        kind = search.get("mediaType")
        found = [item for item in CATALOG
                 if (not name or name in fold(item["title"]) or name in fold(item["artist"]))
                 and (not artist or artist in fold(item["artist"]))
                 and (kind in (None, "music", "unknown") or item["type"] == kind)]
        exact = [item for item in found if fold(item["title"]) == name]
        found = exact or found
        if not found:
            return {"status": "notFound"}
        if len(found) > 1 and call["intent"] != "searchForMedia":
            return {"status": "disambiguation", "items": found[:4]}
        return {"status": "success" if len(found) == 1 else "successes", "items": found}

    def handle(self, call):
        items, details = call["items"], call["details"]
        if not items:
            return {"status": "failure", "reason": "unsupportedMediaType"}
        intent = call["intent"]
        if intent == "playMedia":
            self.playing = items[0]
        elif intent == "updateMediaAffinity":
            self.likes.append({"identifier": items[0]["identifier"], "affinity": details.get("affinity")})
        elif intent == "addMedia":
            self.playlists.setdefault(details.get("playlist", "library"), []).append(items[0]["identifier"])
        return {"status": "success", "items": items}


def serve(tunes, port):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def reply(self, status, value):
            body = json.dumps(value).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            if self.path == "/state":
                return self.reply(200, {"playing": tunes.playing, "likes": tunes.likes, "playlists": tunes.playlists})
            self.reply(404, {})

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            expected = "sha256=" + hmac.new((tunes.secret or "").encode(), body, hashlib.sha256).hexdigest()
            if self.path != "/media" or not hmac.compare_digest(self.headers.get("X-Hark-Signature", ""), expected):
                return self.reply(403, {"error": "not signed by this Hark"})
            call = json.loads(body)
            self.reply(200, tunes.resolve(call) if call["step"] == "resolve" else tunes.handle(call))

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hark", required=True)
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    tunes = Tunes(options.hark)
    server = serve(tunes, options.port)
    port = server.server_address[1]
    tunes.register(port)
    print(f"tunes ready on {port}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
