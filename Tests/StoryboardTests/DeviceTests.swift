import Geometry
import Testing

@testable import Storyboard

@Test func deviceSizesAndOrientations() {
  #expect(Device.iphone.portraitSize == Size(width: 320, height: 480))
  #expect(Device.iphone5.portraitSize == Size(width: 320, height: 568))
  #expect(Device.ipad.portraitSize == Size(width: 768, height: 1024))
  #expect(Device.iphone.size(in: .landscape) == Size(width: 480, height: 320))
  #expect(Device.ipad.size(in: .landscape) == Size(width: 1024, height: 768))
  #expect(Orientation.portrait.rotated == .landscape)
  #expect(Orientation.landscape.rotated == .portrait)
  #expect(Device.ipad.isPad && !Device.iphone.isPad && !Device.iphone5.isPad)
  #expect(Device(rawValue: "iphone5") == .iphone5)
}

@Test func navigationBarHeights() {
  #expect(Device.iphone.navigationBarHeight(in: .portrait) == 44)
  #expect(Device.iphone.navigationBarHeight(in: .landscape) == 32)
  #expect(Device.iphone5.navigationBarHeight(in: .landscape) == 32)
  #expect(Device.ipad.navigationBarHeight(in: .landscape) == 44)
  #expect(Device.statusBarHeight == 20)
}

@Test func allowedKinds() {
  #expect(Device.iphone.allowedKinds == [.push, .modal, .custom])
  #expect(Device.iphone5.allowedKinds == [.push, .modal, .custom])
  #expect(Device.ipad.allowedKinds == [.push, .modal, .popover, .replace, .custom])
  #expect(!Device.iphone.allows(.replace))
  #expect(
    throws: StoryboardError.kindNotOnDevice(
      kind: "replace", device: .iphone5, allowed: [.push, .modal, .custom])
  ) {
    try Device.iphone5.check(.replace)
  }
  #expect(throws: Never.self) { try Device.ipad.check(.popover) }
}

@Test func errorMessages() {
  let error = StoryboardError.kindNotOnDevice(
    kind: "popover", device: .iphone, allowed: Device.iphone.allowedKinds)
  #expect(
    error.description
      == "popover segues do not exist on an iphone (allowed: push, modal, or a custom kind)")
  #expect(
    StoryboardError.invalidPopoverSize(width: 0, height: 2.5).description
      == "invalid popover size 0×2.5 (width and height must be positive)")
  #expect(
    Rect(x: 0, y: 64, width: 320, height: 416).description
      == "(0, 64) 320×416")
}
