public import Apps
// The contract (MediaIntents) is part of the Assistant's own interface: its requests, outcomes,
// items and refusals are MediaIntents types. Re-exporting it lets the layers above (Server, the
// command line) use the Assistant alone, as DESIGN's arrows say, while naming those types.
@_exported import MediaIntents

// Apps' manifests, entities and donations are what the layers above hand the Assistant when an
// app registers over HTTP or the command line: named here so those layers need not import Apps.
public typealias AppRegistration = Apps.AppRegistration
public typealias AppEntity = Apps.AppEntity
public typealias AppDonation = Apps.AppDonation
public typealias AppParameterValue = Apps.AppParameterValue
public typealias AppManifestError = Apps.AppManifestError
public typealias HomeDocument = Apps.Home
public typealias HomeProblem = Apps.HomeProblem
/// What an item holds, as a page browsing the library shows it.
public typealias ItemContents = Apps.BuiltInMediaApp.ItemContents
public typealias PodcastSubscription = Apps.PodcastSubscription
