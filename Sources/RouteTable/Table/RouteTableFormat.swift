/// The table layout generated code was written for. There is one case, the layout this runtime
/// reads (`RouteTableLayout.version`). A file written by `routec` from another release names
/// another case or none, and fails to compile with an error that names this type: regenerate it
/// with the `routec` of the RouteTable release the app builds with (the build tool plugin does
/// so on every build).
@_spi(Generated) public enum RouteTableFormat: Sendable {
  case layout12
}
