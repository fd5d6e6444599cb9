// "What song is this?" for music playing in the room, when Hark is not the one playing it: the
// page records eight seconds from the microphone (MediaRecorder) and sends them to
// /v1/identify, which names the track from the person's own library; "play it" then plays it
// from there. Loaded after page.js, whose helpers it uses.
const listenSeconds = 8;

async function listenForSong() {
  const button = $("listen");
  if (button.disabled) return;
  $("error").textContent = "";
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false } });
  } catch (error) {
    $("error").textContent = "The microphone: " + error.message;
    return;
  }
  button.disabled = true;
  const parts = [];
  let recorder;
  try {
    recorder = new MediaRecorder(stream);
    recorder.addEventListener("dataavailable", (event) => { if (event.data.size > 0) parts.push(event.data); });
    const stopped = new Promise((resolve) => recorder.addEventListener("stop", resolve));
    $("reply").textContent = "Listening…";
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, listenSeconds * 1000));
    recorder.stop();
    await stopped;
  } catch (error) {
    $("error").textContent = "Recording: " + error.message;
    button.disabled = false;
    return;
  } finally {
    // The microphone is let go whatever happened.
    stream.getTracks().forEach((track) => track.stop());
  }
  const recording = new Blob(parts, { type: recorder.mimeType || "audio/webm" });
  const query = "?device=" + encodeURIComponent(playerKey()) + userQuery()
    + ($("lang").value ? "&lang=" + encodeURIComponent($("lang").value) : "");
  try {
    const response = await fetch("/v1/identify" + query, {
      method: "POST", body: recording,
      headers: Object.assign({ "Content-Type": recording.type.split(";")[0] || "audio/webm" },
        token ? { "Authorization": "Bearer " + token } : {}) });
    const data = await response.json();
    if (response.ok) {
      show(data);
    } else {
      // A recording that could not be listened to: the sentence, and what was wrong with it.
      $("reply").textContent = data.reply || "";
      $("error").textContent = "Error: " + (data.error || response.statusText);
    }
  } catch (error) {
    $("error").textContent = "Error: " + error.message;
  } finally {
    button.disabled = false;
  }
}

if (navigator.mediaDevices && window.MediaRecorder) {
  $("listen").hidden = false;
  $("listen").addEventListener("click", () => { listenForSong().catch(() => {}); });
}
