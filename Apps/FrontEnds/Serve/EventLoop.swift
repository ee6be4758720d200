#if canImport(Glibc)
import Glibc
#endif
import CEpoll
import Dispatch

/// The server's one event loop: an epoll set of every socket it watches,
/// read on the main queue. A connection costs an entry in the set, never a
/// thread, however long it stays idle.
///
/// Registration is synchronous (`epoll_ctl`), so a socket is out of the set
/// before its descriptor is closed and a new client given the same number
/// cannot be mistaken for the old one; events name the `Watch` by an id,
/// not by descriptor. Entries are level-triggered: a socket that still has
/// input after its turn is reported again at the next round, and each round
/// reads at most one chunk per socket, so a busy client cannot keep the
/// others waiting.
@MainActor
final class EventLoop {
    static let shared = EventLoop()

    private let epoll: Int32
    private var source: (any DispatchSourceRead)?
    private var watches: [UInt64: Watch] = [:]
    private var nextID: UInt64 = 0
    private var events = [epoll_event](repeating: epoll_event(), count: 256)
    private var roundScheduled = false

    init() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        precondition(epoll >= 0, "epoll_create1: \(String(cString: strerror(errno)))")
        let made = DispatchSource.makeReadSource(fileDescriptor: epoll, queue: .main)
        made.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.round() } }
        made.resume()
        source = made
    }

    /// Starts watching `fd` (for hang-ups only, until asked for more).
    func watch(_ fd: Int32) -> Watch {
        nextID += 1
        let watch = Watch(fd: fd, id: nextID, loop: self)
        watches[nextID] = watch
        control(EPOLL_CTL_ADD, fd, id: nextID, mask: 0)
        return watch
    }

    func change(_ watch: Watch, mask: UInt32) { control(EPOLL_CTL_MOD, watch.fd, id: watch.id, mask: mask) }

    func remove(_ watch: Watch) {
        guard watches.removeValue(forKey: watch.id) != nil else { return }
        // The descriptor may already be closed (then the kernel has dropped
        // it from the set) and even reused: remove it only if it is still
        // the socket this watch was made for.
        if watch.isSameFile { control(EPOLL_CTL_DEL, watch.fd, id: watch.id, mask: 0) }
    }

    private func control(_ operation: Int32, _ fd: Int32, id: UInt64, mask: UInt32) {
        var event = epoll_event()
        event.events = mask
        event.data.u64 = id
        _ = epoll_ctl(epoll, operation, fd, &event)
    }

    /// Takes what is ready now and hands each event to its watch. Another
    /// round follows on the main queue as long as rounds find something,
    /// after the work the handlers started: the dispatch source is only
    /// needed to wake an idle loop, however it is triggered.
    private func round() {
        roundScheduled = false
        let count = Int(epoll_wait(epoll, &events, Int32(events.count), 0))
        guard count > 0 else { return }
        let ready = events[0..<count].map { (id: $0.data.u64, mask: $0.events) }
        for event in ready { watches[event.id]?.deliver(event.mask) }
        if !roundScheduled {
            roundScheduled = true
            DispatchQueue.main.async { MainActor.assumeIsolated { self.round() } }
        }
    }
}

/// One socket in the event loop: what its owner wants to hear about
/// (input, room to write) and the handlers to call. A hang-up or error is
/// always reported; it takes the socket out of the loop, as the kernel
/// would report it again at every round.
@MainActor
final class Watch {
    let fd: Int32
    let id: UInt64
    private unowned let loop: EventLoop
    private let identity: (device: UInt64, inode: UInt64)
    var onReadable: (() -> Void)?
    var onWritable: (() -> Void)?
    var onHangup: (() -> Void)?
    var reading = false { didSet { update() } }
    var writing = false { didSet { update() } }
    /// The peer has gone (or the socket failed): no more events.
    private(set) var hungUp = false
    private(set) var stopped = false
    private var mask: UInt32 = 0

    init(fd: Int32, id: UInt64, loop: EventLoop) {
        self.fd = fd
        self.id = id
        self.loop = loop
        identity = Self.identity(fd)
    }

    /// Out of the loop for good; call before closing the descriptor.
    func stop() {
        guard !stopped else { return }
        stopped = true
        onReadable = nil
        onWritable = nil
        onHangup = nil
        loop.remove(self)
    }

    var isSameFile: Bool { Self.identity(fd) == identity }

    private static func identity(_ fd: Int32) -> (device: UInt64, inode: UInt64) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return (0, 0) }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    private func update() {
        guard !stopped, !hungUp else { return }
        let wanted = (reading ? EPOLLIN.rawValue : 0) | (writing ? EPOLLOUT.rawValue : 0)
        guard wanted != mask else { return }
        mask = wanted
        loop.change(self, mask: wanted)
    }

    func deliver(_ events: UInt32) {
        if events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            hungUp = true
            loop.remove(self)
            // Pending output fails now (and closes its sink); the owner
            // reads what input is left without waiting for events.
            if writing { onWritable?() }
            onHangup?()
            return
        }
        if events & EPOLLIN.rawValue != 0, reading { onReadable?() }
        if events & EPOLLOUT.rawValue != 0, writing, !stopped { onWritable?() }
    }
}
