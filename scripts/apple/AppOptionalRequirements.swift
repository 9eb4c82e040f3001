// The @objc optional requirements that Examples/ShopiOSApp's UIKit flavour implements, each
// referred to by name on the implementing class and on the SDK's protocol (see
// OptionalRequirements.swift for how), so that a delegate method that drifts from the SDK fails
// here, naming it. Compiled by scripts/check-apple.sh into the example app's module.
//
// checks: AppDelegate: UIApplicationDelegate
// checks:   application(_:didFinishLaunchingWithOptions:)
// checks:   application(_:didRegisterForRemoteNotificationsWithDeviceToken:)
// checks:   application(_:configurationForConnecting:options:)
// checks: SceneDelegate: UIWindowSceneDelegate
// checks:   scene(_:willConnectTo:options:)
// checks:   scene(_:openURLContexts:)
// checks:   scene(_:continue:)
// checks:   windowScene(_:performActionFor:completionHandler:)
// checks:   stateRestorationActivity(for:)
// checks:   sceneDidBecomeActive(_:)
// checks:   sceneDidDisconnect(_:)
import UIKit

@MainActor func checkAppDelegate(_ app: AppDelegate, as delegate: any UIApplicationDelegate) {
  sameRequirement(
    delegate.application(_:didFinishLaunchingWithOptions:),
    app.application(_:didFinishLaunchingWithOptions:))
  _ = #selector(AppDelegate.application(_:didFinishLaunchingWithOptions:))
  sameRequirement(
    delegate.application(_:didRegisterForRemoteNotificationsWithDeviceToken:),
    app.application(_:didRegisterForRemoteNotificationsWithDeviceToken:))
  _ = #selector(AppDelegate.application(_:didRegisterForRemoteNotificationsWithDeviceToken:))
  sameRequirement(
    delegate.application(_:configurationForConnecting:options:),
    app.application(_:configurationForConnecting:options:))
  _ = #selector(AppDelegate.application(_:configurationForConnecting:options:))
}

@MainActor func checkSceneDelegate(
  _ scene: SceneDelegate, as delegate: any UIWindowSceneDelegate
) {
  sameRequirement(delegate.scene(_:willConnectTo:options:), scene.scene(_:willConnectTo:options:))
  _ = #selector(SceneDelegate.scene(_:willConnectTo:options:))
  sameRequirement(delegate.scene(_:openURLContexts:), scene.scene(_:openURLContexts:))
  _ = #selector(SceneDelegate.scene(_:openURLContexts:))
  sameRequirement(delegate.scene(_:continue:), scene.scene(_:continue:))
  _ = #selector(SceneDelegate.scene(_:continue:))
  sameRequirement(
    delegate.windowScene(_:performActionFor:completionHandler:),
    scene.windowScene(_:performActionFor:completionHandler:))
  _ = #selector(SceneDelegate.windowScene(_:performActionFor:completionHandler:))
  sameRequirement(
    delegate.stateRestorationActivity(for:), scene.stateRestorationActivity(for:))
  _ = #selector(SceneDelegate.stateRestorationActivity(for:))
  sameRequirement(delegate.sceneDidBecomeActive(_:), scene.sceneDidBecomeActive(_:))
  _ = #selector(SceneDelegate.sceneDidBecomeActive(_:))
  sameRequirement(delegate.sceneDidDisconnect(_:), scene.sceneDidDisconnect(_:))
  _ = #selector(SceneDelegate.sceneDidDisconnect(_:))
}

func sameRequirement<Method>(_ requirement: Method?, _ implementation: Method) {}
