/// A tab's name: its string reference in a table, or a string given to
/// `TabSelection.init(name:index:)`.
enum TabName: Sendable {
  case table(RouteTableImage, Int)
  case given(String)

  var name: String {
    switch self {
    case .table(let image, let reference): image.string(at: reference) ?? ""
    case .given(let name): name
    }
  }
}
