"""Starts a Music Player Daemon on loopback with a null audio output over a music folder, for the
live tests (each daemon in its own folder: database, state, log)."""
import os
import socket
import subprocess
import time


def start_mpd(folder, music, port):
    """A running `mpd --no-daemon` for `music` on 127.0.0.1:`port`, its files in `folder`."""
    os.makedirs(folder, exist_ok=True)
    config = os.path.join(folder, "mpd.conf")
    with open(config, "w") as out:
        out.write(f"""music_directory "{music}"
db_file "{folder}/mpd.db"
state_file "{folder}/mpd.state"
log_file "{folder}/mpd.log"
pid_file "{folder}/mpd.pid"
bind_to_address "127.0.0.1"
port "{port}"
audio_output {{
    type "null"
    name "null"
    mixer_type "software"
}}
""")
    process = subprocess.Popen(["mpd", "--no-daemon", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    raise AssertionError("mpd did not start; log in " + folder)
