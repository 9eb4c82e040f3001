// The smallest Swift program: the standard library only, no Foundation. Shown for context: the
// cost of loading Foundation is the app's, whatever it routes with.
if CommandLine.arguments.count > 99 { print("") }
