/// The tab a route selects, by name and 0-based index in the variant's tab bar.
public struct TabSelection: Hashable, Sendable {
  public var index: Int
  private var names: TabName

  /// The tab's name in the manifest, made when read (a resolution keeps where it is in the
  /// table; apps select tabs by `index`).
  public var name: String {
    get { names.name }
    set { names = .given(newValue) }
  }

  public init(name: String, index: Int) {
    self.index = index
    names = .given(name)
  }

  init(index: Int, names: TabName) {
    self.index = index
    self.names = names
  }

  public static func == (lhs: TabSelection, rhs: TabSelection) -> Bool {
    lhs.index == rhs.index && lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(index)
    hasher.combine(name)
  }
}
