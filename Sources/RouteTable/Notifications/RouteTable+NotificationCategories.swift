extension RouteTable {
  /// Every category in manifest order, with its actions in manifest order.
  package var notificationCategories: [NotificationCategory] {
    image.read { reader in
      let count = min(reader.header(.categoryCount), reader.wordCount)
      let list = reader.header(.categoriesAt)
      return (0..<max(0, count)).map { index in
        let record = reader.word(list + index)
        return NotificationCategory(
          identifier: reader.string(record, RouteTableLayout.Category.name),
          actions: (0..<reader.count(record, RouteTableLayout.Category.actionCount)).map {
            reader.notificationAction(at: reader.actionRecord($0, ofCategory: record))
          })
      }
    }
  }
}

extension RouteTable {
  /// Classifies a tap of `action` on the notification `payload` by the same lookup
  /// `resolve(action:_:variant:)` makes, so the two never disagree.
  package func actionTapKind(_ action: String, _ payload: Payload) -> ActionTapKind {
    image.read { reader in
      let (category, found) = reader.actionTap(action, payload)
      guard let category, let found else { return .unknown }
      return found.route == nil ? .app(category: category) : .routed
    }
  }
}
