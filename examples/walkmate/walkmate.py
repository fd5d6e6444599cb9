"""Walk Mate: an example app with its own spoken commands, reached by Hark over HTTP.

It keeps saved walks (names and start points), registers its manifest with a running `hark serve`
(POST /v1/apps), uploads its walks as entities (PUT /v1/apps/{app}/entities, with the secret Hark
gave it), answers Hark's signed calls (POST /handle: HMAC-SHA256 of the body under that secret),
and names each success for the person's suggestions (`donationTitle`). Hark records a command it
carried out before it replies, so "do that again" works at once; an app reports with
POST /v1/apps/{app}/donations only what people do in the app itself, outside Hark.

    python3 examples/walkmate/walkmate.py --hark http://127.0.0.1:8080 [--port 0] [--delay SECONDS]
        [--identifier org.example.slowwalk --name "Slow Walk"]

Prints "walkmate ready on PORT" once registered. Standard library only.
"""
import argparse
import hashlib
import hmac
import json
import os
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
import time

HERE = os.path.dirname(os.path.abspath(__file__))

WALKS = {
    "w1": {"name": "Berlin Loop", "start": "Brandenburger Tor", "keywords": ["berlin", "Берлин", "ベルリン"]},
    "w2": {"name": "Park North", "start": "North Gate", "keywords": []},
    "w3": {"name": "Park South", "start": "South Gate", "keywords": []},
    "w4": {"name": "Лесная тропа", "start": "Опушка", "keywords": ["forest trail", "森の小道"]},
    "w5": {"name": "皇居ラン", "start": "桜田門", "keywords": ["imperial palace run", "kokyo"]},
}


class App:
    def __init__(self, hark, identifier, name, delay):
        self.hark = hark.rstrip("/")
        self.identifier = identifier
        self.name = name
        self.delay = delay
        self.secret = None
        self.walks = {key: dict(value) for key, value in WALKS.items()}
        self.calls = []

    # Talking to Hark.
    def request(self, method, path, body=None, secret=True):
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"}
        if secret and self.secret:
            headers["X-Hark-App-Secret"] = self.secret
        req = urllib.request.Request(self.hark + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(req, timeout=600) as response:
            return json.loads(response.read())

    def register(self, port):
        with open(os.path.join(HERE, "manifest.json"), encoding="utf-8") as file:
            manifest = json.load(file)
        manifest["identifier"] = self.identifier
        manifest["name"] = self.name
        if self.identifier != "org.example.walkmate":
            manifest["alternativeNames"] = []
        manifest["endpoint"] = f"http://127.0.0.1:{port}"
        answer = self.request("POST", "/v1/apps", manifest, secret=False)
        self.secret = answer["secret"]
        self.upload(list(self.walks))

    def entity(self, key):
        walk = self.walks[key]
        return {"id": key, "type": "walk", "name": walk["name"], "keywords": walk["keywords"]}

    def upload(self, keys):
        # Batches, as one request body is at most 64 KiB.
        for start in range(0, len(keys), 200):
            batch = [self.entity(key) for key in keys[start:start + 200]]
            self.request("PUT", f"/v1/apps/{self.identifier}/entities", {"entities": batch})

    # Carrying out Hark's calls.
    def handle(self, call):
        self.calls.append(call)
        if self.delay:
            time.sleep(self.delay)
        intent = call["intent"]
        parameters = call["parameters"]
        walk = (parameters.get("walk") or {}).get("entity")
        if intent in ("loadWalk", "findWalks") and walk:
            if walk["id"] not in self.walks:
                return {"status": "failure", "reason": "no such walk"}
            return {"status": "success", "reply": "loaded", "values": {"walk": self.walks[walk["id"]]["name"]},
                    "donationTitle": f"Load {walk['name']}"}
        if intent == "findWalks":
            query = (parameters.get("walk") or {}).get("query", "")
            return {"status": "success", "reply": "found", "values": {"query": query}}
        if intent == "generateRoute":
            distance = parameters["distance"]["number"]
            return {"status": "success", "reply": "generated", "values": {"distance": f"{distance:g}"},
                    "donationTitle": f"Generate a {distance:g} km route"}
        if intent == "renameWalk":
            old = self.walks[walk["id"]]["name"]
            new = parameters["newName"]["text"].strip()
            self.walks[walk["id"]]["name"] = new
            self.upload([walk["id"]])
            return {"status": "success", "reply": "renamed", "values": {"old": old, "newName": new}}
        if intent == "deleteWalk":
            self.walks.pop(walk["id"], None)
            self.request("DELETE", f"/v1/apps/{self.identifier}/entities/walk/{walk['id']}")
            return {"status": "success", "reply": "deleted", "values": {"walk": walk["name"]}}
        return {"status": "failure", "reason": f"unknown intent {intent}"}


def serve(app, port):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            expected = "sha256=" + hmac.new(app.secret.encode(), body, hashlib.sha256).hexdigest()
            if self.path != "/handle" or not hmac.compare_digest(self.headers.get("X-Hark-Signature", ""), expected):
                self.send_response(403)
                self.end_headers()
                return
            answer = json.dumps(app.handle(json.loads(body))).encode()
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)
            except (BrokenPipeError, ConnectionResetError):
                pass  # Hark stopped waiting (a slow app past its deadline)

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hark", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0)
    parser.add_argument("--identifier", default="org.example.walkmate")
    parser.add_argument("--name", default="Walk Mate")
    options = parser.parse_args()
    app = App(options.hark, options.identifier, options.name, options.delay)
    app.secret = "not yet"
    server = serve(app, options.port)
    port = server.server_address[1]
    app.secret = None
    app.register(port)
    print(f"walkmate ready on {port}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
