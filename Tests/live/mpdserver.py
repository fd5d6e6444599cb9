"""Starts a Music Player Daemon on loopback with a null audio output over a music folder, for the
live tests (each daemon in its own folder: database, state, log)."""
import os
import socket
import subprocess

from waiting import wait_for


def start_mpd(folder, music, port, capture=None):
    """A running `mpd --no-daemon` for `music` on 127.0.0.1:`port`, its files in `folder`. With
    `capture`, what it plays is written there as raw 16-bit stereo PCM at 44.1 kHz (MPD's pipe
    output) instead of going nowhere."""
    os.makedirs(folder, exist_ok=True)
    config = os.path.join(folder, "mpd.conf")
    output = ('audio_output {\n    type "null"\n    name "null"\n    mixer_type "software"\n}' if capture is None else
              f'audio_output {{\n    type "pipe"\n    name "capture"\n    command "cat >> {capture}"\n'
              f'    format "44100:16:2"\n    mixer_type "software"\n}}')
    with open(config, "w") as out:
        out.write(f"""music_directory "{music}"
db_file "{folder}/mpd.db"
state_file "{folder}/mpd.state"
log_file "{folder}/mpd.log"
pid_file "{folder}/mpd.pid"
bind_to_address "127.0.0.1"
port "{port}"
{output}
""")
    process = subprocess.Popen(["mpd", "--no-daemon", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def listening():
        if process.poll() is not None:
            raise AssertionError(f"mpd ended with {process.returncode} before listening; log in {folder}")
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            return True

    wait_for(f"mpd to listen on port {port} (log in {folder})", listening, every=0.05)
    return process
