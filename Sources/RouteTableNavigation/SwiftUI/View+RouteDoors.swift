#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Hands the router every link and user activity this scene receives, at launch and while
    /// running: URLs through `onOpenURL`, and each type of `router.continuedActivityTypes` (a
    /// universal link's, a Spotlight result's and every activity type the manifest declares)
    /// through `onContinueUserActivity`. One line for the app, with no type written by hand:
    ///
    /// ```swift
    /// ContentView().routesDoors(to: router)
    /// ```
    ///
    /// Which activity is a link, a Spotlight result or a declared type is the router's
    /// decision (`didContinue(activityType:userInfo:webpageURL:title:)`); this only reads SwiftUI's
    /// values. Quick actions come through `QuickActionSceneDelegate`, pushes through the app
    /// delegate adaptor's `PushNotificationService`.
    @MainActor
    public func routesDoors<Variant, Destination>(
      to router: RouteTableRouter<Variant, Destination>
    ) -> some View {
      router.continuedActivityTypes.reduce(
        AnyView(onOpenURL { url in router.didOpen(url: url) })
      ) { view, type in
        AnyView(
          view.onContinueUserActivity(type) { activity in
            router.didContinue(
              activityType: activity.activityType, userInfo: activity.userInfo,
              webpageURL: activity.webpageURL, title: activity.title)
          })
      }
    }

    /// Advertises `activity`, the screen on top, for Handoff and Siri suggestions while the
    /// scene shows it, and keeps it in the scene's storage (`@SceneStorage`), so that when the
    /// system brings the scene back it is restored through the router, at the lowest precedence
    /// (`didRestore(sceneStorage:)`): a push tap or a link that opened the app wins.
    ///
    /// ```swift
    /// RoutedNavigationView(state: navigation) { ... }
    ///   .advertisesAndRestores(
    ///     navigation.shownDestination.flatMap { ShopRoutes.userActivity(for: $0, variant: variant) },
    ///     router: router)
    /// ```
    ///
    /// Nil advertises nothing and keeps nothing (a stack's root screen shows, or the route has
    /// no activity type).
    @MainActor
    public func advertisesAndRestores<Variant, Destination>(
      _ activity: UserActivity?, router: RouteTableRouter<Variant, Destination>
    ) -> some View {
      modifier(SceneActivity(activity: activity, restore: { router.didRestore(sceneStorage: $0) }))
    }
  }

  /// What `advertisesAndRestores(_:router:)` adds: the scene's stored activity, restored once
  /// when the view first appears, rewritten whenever the shown activity changes.
  @MainActor
  struct SceneActivity: ViewModifier {
    let activity: UserActivity?
    let restore: (Data?) -> Bool
    @SceneStorage("RouteTable.shownActivity") private var stored: Data?
    @State private var hasRestored = false

    func body(content: Content) -> some View {
      let data = activity?.sceneStorageData
      content
        .onAppear {
          guard !hasRestored else { return }
          hasRestored = true
          _ = restore(stored)
        }
        .task(id: data) {
          if hasRestored { stored = data }
        }
        .userActivity(activity?.activityType ?? "", isActive: activity != nil) { user in
          guard let activity else { return }
          user.userInfo = activity.userInfo.userInfo
          user.webpageURL = activity.webpageURL
        }
    }
  }
#endif
