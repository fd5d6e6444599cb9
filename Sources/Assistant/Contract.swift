// The contract (MediaIntents) is part of the Assistant's own interface: its requests, outcomes,
// items and refusals are MediaIntents types. Re-exporting it lets the layers above (Server, the
// command line) use the Assistant alone, as DESIGN's arrows say, while naming those types.
@_exported import MediaIntents
