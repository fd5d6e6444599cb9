-- wrk script: POST /v1/ask with a rotating set of real requests (hark serve load benchmark).
local requests = {
  "play skyfall by adele", "pause", "resume", "next", "what song is this", "skip forward 30 seconds",
  "play some jazz", "set the volume to 40", "play hello", "i like this song", "play the album thriller",
  "go back 10 seconds", "turn on shuffle", "play bohemian rhapsody", "what's the weather like",
  "play 80s rock", "add this song to my driving playlist", "play the latest episode of serial",
}
local counter = 0
request = function()
  counter = counter + 1
  local text = requests[(counter % #requests) + 1]
  local body = '{"text": "' .. text .. '", "device": "d' .. (counter % 8) .. '", "user": "u' .. (counter % 8) .. '"}'
  return wrk.format("POST", "/v1/ask", { ["Content-Type"] = "application/json" }, body)
end
