import RouteTableNavigation

/// Action buttons without a route (`later` and `mute` of `course_update` in
/// routes/shop.routes.yaml): the router calls this at once, possibly with the app in the
/// background and no UI, and never navigates for them.
enum AppActions {
  static func perform(category: String, action: String, payload: Payload) {
    // A real app would schedule a reminder or mute the course here, within the system's
    // background time for the response.
    logger.notice("app action \(action) of \(category)")
  }
}
