"""Makes a small music folder of real audio files with real tags, for the live MPD test and the
folder-import benchmark: sox synthesises short tones, mutagen writes the tags each format uses
(ID3v2 for MP3, Vorbis comments for FLAC and Ogg). Usage: make_music.py FOLDER [--copies N]"""
import os
import struct
import subprocess
import sys
import zlib

from mutagen import File as MutagenFile
from mutagen.flac import FLAC, Picture
from mutagen.easyid3 import EasyID3
from mutagen.id3 import ID3, ID3NoHeaderError, SYLT, USLT

# Lyrics in every place a collection keeps them (made-up words, not the songs' own): ID3v2 USLT and
# SYLT in MP3, Vorbis LYRICS in FLAC, UNSYNCEDLYRICS in Ogg, a timed .lrc and a plain .txt beside
# the audio. (title: (where, words)); SYLT and .lrc lines are (milliseconds, words).
LYRICS = {
    "Bohemian Rhapsody": ("uslt", "a paper lantern drifting over harbour lights\nand every window sings"),
    "One More Time": ("sylt", [(1000, "the city hums in silver tones"), (6000, "we keep on dancing past the dawn")]),
    "Hello": ("vorbis", "a letter folded in a winter coat\nstill waiting by the door"),
    "Группа крови": ("unsynced", "тёплый ветер над пустой рекой\nи фонари горят до утра"),
    "感電": ("lrc", [(1000, "夜明けの街に光が落ちる"), (5000, "君の声が遠く響く")]),
    "So What": ("txt", "blue smoke rising from the corner table\nthe piano keeps the time"),
}

# (artist credit(s), album, album artist, year, genre, format, [(track, disc, title)])
LIBRARY = [
    (["Adele"], "25", None, 2015, "Pop", "flac", [(1, 1, "Hello"), (2, 1, "Send My Love")]),
    (["Daft Punk"], "Discovery", None, 2001, "Electronic", "mp3", [(1, 1, "One More Time"), (3, 1, "Digital Love")]),
    (["Кино"], "Группа крови", None, 1988, "Rock", "ogg",
     [(1, 1, "Группа крови"), (2, 1, "Закрой за мной дверь")]),
    (["米津玄師"], "STRAY SHEEP", None, 2020, "J-Pop", "flac", [(1, 1, "感電"), (2, 1, "馬と鹿")]),
    (["Norah Jones"], "Come Away with Me", None, 2002, "Jazz", "mp3", [(1, 1, "Don't Know Why")]),
    (["Miles Davis"], "Kind of Blue", None, 1959, "Jazz", "ogg", [(1, 1, "So What"), (2, 1, "Freddie Freeloader")]),
    (["Queen"], "A Night at the Opera", None, 1975, "Rock", "mp3",
     [(11, 1, "Bohemian Rhapsody"), (9, 1, "Love of My Life")]),
    (["The Beatles"], "Abbey Road", None, 1969, "Rock", "flac",
     [(1, 1, "Come Together"), (2, 1, "Something"), (7, 1, "Here Comes the Sun")]),
    (["Mark Ronson", "Bruno Mars"], "Uptown Special", "Mark Ronson", 2015, "Funk", "flac", [(4, 1, "Uptown Funk")]),
    (["Björk"], "Homogenic", None, 1997, "Electronic", "ogg", [(4, 1, "Jóga")]),
    (["Radiohead"], "OK Computer", None, 1997, "Alternative", "mp3", [(6, 1, "Karma Police")]),
    (["Pink Floyd"], "The Wall", None, 1979, "Rock", "mp3",
     [(1, 1, "In the Flesh?"), (1, 2, "Hey You")]),
]
SECONDS = 40


def tone(path, seconds, frequency):
    subprocess.run(["sox", "-q", "-n", "-r", "8000", "-c", "1", path, "synth", str(seconds), "sine",
                    str(frequency), "vol", "0.3"], check=True)


def tag(path, artists, album, album_artist, year, genre, track, disc, title):
    if path.endswith(".mp3"):
        try:
            tags = EasyID3(path)
        except ID3NoHeaderError:
            audio = MutagenFile(path, easy=True)
            audio.add_tags()
            audio.save()
            tags = EasyID3(path)
    else:
        tags = MutagenFile(path, easy=True)
    tags["title"] = title
    tags["artist"] = artists
    tags["album"] = album
    if album_artist:
        tags["albumartist"] = album_artist
    tags["date"] = str(year)
    tags["genre"] = genre
    tags["tracknumber"] = str(track)
    tags["discnumber"] = str(disc)
    tags.save()


def add_lyrics(path, title):
    """Puts `title`'s words (LYRICS) where its entry says: in the file's tags or in a file beside it."""
    if title not in LYRICS:
        return
    where, words = LYRICS[title]
    stem = os.path.splitext(path)[0]
    if where in ("uslt", "sylt"):
        tags = ID3(path)
        if where == "uslt":
            tags.add(USLT(encoding=3, lang="eng", desc="", text=words))
        else:
            tags.add(SYLT(encoding=3, lang="eng", format=2, type=1, desc="", text=[(w, ms) for ms, w in words]))
        tags.save()
    elif where in ("vorbis", "unsynced"):
        audio = MutagenFile(path)
        audio["LYRICS" if where == "vorbis" else "UNSYNCEDLYRICS"] = words
        audio.save()
    elif where == "lrc":
        with open(stem + ".lrc", "w", encoding="utf-8") as lrc:
            for ms, line in words:
                lrc.write(f"[{ms // 60000:02d}:{ms // 1000 % 60:02d}.{ms % 1000 // 10:02d}]{line}\n")
    else:
        with open(stem + ".txt", "w", encoding="utf-8") as text:
            text.write(words + "\n")


def picture(width, height, colour):
    """A PNG of a diagonal gradient in `colour` (r, g, b), written with zlib alone."""
    rows = b""
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            shade = (x + y) / (width + height)
            row += bytes(int(c * (0.4 + 0.6 * shade)) for c in colour)
        rows += bytes(row)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def embed_picture(path, data):
    """Puts a front cover into a FLAC file's tags."""
    audio = FLAC(path)
    cover = Picture()
    cover.type = 3  # front cover
    cover.mime = "image/png"
    cover.width, cover.height, cover.depth = 300, 300, 24
    cover.data = data
    audio.add_picture(cover)
    audio.save()


def make(folder, copies=1, seconds=SECONDS):
    count = 0
    for copy in range(copies):
        for artists, album, album_artist, year, genre, fmt, tracks in LIBRARY:
            album_name = album if copy == 0 else f"{album} (Take {copy + 1})"
            directory = os.path.join(folder, album_artist or artists[0], album_name)
            os.makedirs(directory, exist_ok=True)
            for track, disc, title in tracks:
                name = f"{disc}-{track:02d} {title}" if album == "The Wall" else f"{track:02d} {title}"
                path = os.path.join(directory, name.replace("/", "_").replace("?", "") + "." + fmt)
                tone(path, seconds, 220 + 20 * (count % 30))
                tag(path, artists, album_name, album_artist, year, genre, track, disc,
                    title if copy == 0 else f"{title} (Take {copy + 1})")
                # Pictures: Abbey Road's in its FLAC tags, Discovery's as a cover file beside it.
                if album == "Abbey Road" and copy == 0:
                    embed_picture(path, picture(300, 300, (40, 170, 90)))
                if copy == 0:
                    add_lyrics(path, title)
                count += 1
            if album == "Discovery" and copy == 0:
                with open(os.path.join(directory, "Cover.png"), "wb") as cover:
                    cover.write(picture(200, 200, (200, 60, 160)))
    # A file with no tags at all: its names come from the path.
    untagged = os.path.join(folder, "Portishead", "Dummy")
    os.makedirs(untagged, exist_ok=True)
    tone(os.path.join(untagged, "05 Roads.wav"), seconds, 330)
    # Things the import must pass over without stopping.
    with open(os.path.join(folder, "Adele", "25", "cover.jpg"), "wb") as cover:
        cover.write(b"\xff\xd8\xff\xe0 not really a picture")
    with open(os.path.join(folder, "Radiohead", "broken.mp3"), "wb") as broken:
        broken.write(b"this is not audio")
    loop = os.path.join(folder, "Queen", "loop")
    if not os.path.islink(loop):
        os.symlink("..", loop)
    return count + 1


if __name__ == "__main__":
    target = sys.argv[1]
    copies = int(sys.argv[sys.argv.index("--copies") + 1]) if "--copies" in sys.argv else 1
    seconds = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else SECONDS
    print(make(target, copies, seconds), "audio files in", target)
