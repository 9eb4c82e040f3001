import Foundation
import RouteTableNavigation

/// The signed-in state that the manifest's `signed_in` requirement stands for. The app tells
/// the router whenever it changes; the router holds what needs it and opens it afterwards.
enum Session {
  private static let key = "isSignedIn"

  /// The session saved by an earlier launch (a real app asks its keychain or auth SDK).
  static var isSignedIn: Bool { UserDefaults.standard.bool(forKey: key) }

  static func restore(into router: ShopRouter) {
    router.setRequirement(ShopRoutes.Requirement.signedIn, satisfied: isSignedIn)
  }

  /// The held order detail (a push, a button or a link that arrived signed out) opens now.
  static func signIn(_ router: ShopRouter) {
    UserDefaults.standard.set(true, forKey: key)
    router.setRequirement(ShopRoutes.Requirement.signedIn, satisfied: true)
  }

  /// Signing out never closes what is shown; the next order push asks to sign in again.
  static func signOut(_ router: ShopRouter) {
    UserDefaults.standard.set(false, forKey: key)
    router.setRequirement(ShopRoutes.Requirement.signedIn, satisfied: false)
  }
}
