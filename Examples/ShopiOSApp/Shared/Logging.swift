import os

/// The app's logger. Computed rather than stored: `Logger` is `Sendable` only in the iOS 18 SDK,
/// and a stored global would need an annotation that one SDK or the other warns about.
var logger: Logger { Logger(subsystem: "com.example.shop", category: "routing") }
