import RouteTable

// The floor for LaunchLarge: an empty program that loads the same libraries (the RouteTable
// runtime and Foundation, which every app links anyway) and does nothing.
if CommandLine.arguments.count > 99 { print(AppState.background) }
