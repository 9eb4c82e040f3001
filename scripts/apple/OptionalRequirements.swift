// The @objc optional requirements that RouteTableNavigation's glue implements, each referred to
// by name on the implementing type and on the SDK's protocol, so that a method whose name or
// labels drift from the SDK's requirement fails to compile here, naming the method, instead of
// compiling and never being called. (Warnings as errors also turns the compiler's "nearly matches
// optional requirement" into an error, but only while the method sits in the extension that
// declares the conformance.) Compiled by scripts/check-apple.sh against the iOS modules; its
// `--self-test` shows it failing for a copy of PushNotificationService with one label changed.
//
// `sameRequirement(_:_:)` takes the protocol's requirement (optional, since it is
// `@objc optional`) and the type's method of the same full name; both must exist and have one
// type. `#selector` on the type's method requires it to be exposed to Objective-C, which only a
// method that implements an @objc requirement (or is marked @objc) is.
//
// checks: PushNotificationService: UNUserNotificationCenterDelegate
// checks:   userNotificationCenter(_:willPresent:withCompletionHandler:)
// checks:   userNotificationCenter(_:didReceive:withCompletionHandler:)
// checks: QuickActionSceneDelegate: UIWindowSceneDelegate
// checks:   scene(_:willConnectTo:options:)
// checks:   windowScene(_:performActionFor:completionHandler:)
import RouteTableNavigation
import UIKit
import UserNotifications

func sameRequirement<Method>(_ requirement: Method?, _ implementation: Method) {}

@MainActor func checkPushNotificationService(
  _ service: PushNotificationService, as delegate: any UNUserNotificationCenterDelegate
) {
  sameRequirement(
    delegate.userNotificationCenter(_:willPresent:withCompletionHandler:),
    service.userNotificationCenter(_:willPresent:withCompletionHandler:))
  _ = #selector(
    PushNotificationService.userNotificationCenter(_:willPresent:withCompletionHandler:))

  sameRequirement(
    delegate.userNotificationCenter(_:didReceive:withCompletionHandler:),
    service.userNotificationCenter(_:didReceive:withCompletionHandler:))
  _ = #selector(PushNotificationService.userNotificationCenter(_:didReceive:withCompletionHandler:))
}

@MainActor func checkQuickActionSceneDelegate(
  _ sceneDelegate: QuickActionSceneDelegate, as delegate: any UIWindowSceneDelegate
) {
  sameRequirement(
    delegate.scene(_:willConnectTo:options:), sceneDelegate.scene(_:willConnectTo:options:))
  _ = #selector(QuickActionSceneDelegate.scene(_:willConnectTo:options:))

  sameRequirement(
    delegate.windowScene(_:performActionFor:completionHandler:),
    sceneDelegate.windowScene(_:performActionFor:completionHandler:))
  _ = #selector(QuickActionSceneDelegate.windowScene(_:performActionFor:completionHandler:))
}
