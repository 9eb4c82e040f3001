/// The names of a screen and its parameters: the screen's record in the table that resolved
/// it, or strings given to `ScreenInstance.init(index:name:params:)`.
enum ScreenNames: Sendable {
  case table(RouteTableImage, screenRecord: Int)
  case given(name: String, params: [String])

  var name: String {
    switch self {
    case .table(let image, let record): image.string(at: record) ?? ""
    case .given(let name, _): name
    }
  }

  /// The parameter names in the screen's order; `count` of them, "" where the table has none.
  func params(count: Int) -> [String] {
    switch self {
    case .table(let image, let record):
      image.read { reader in
        (0..<count).map {
          reader.string(reader.paramRecord($0, ofScreen: record), RouteTableLayout.Param.name)
        }
      }
    case .given(_, let params):
      (0..<count).map { params.indices.contains($0) ? params[$0] : "" }
    }
  }
}
