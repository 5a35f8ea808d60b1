// sdfg_hls.h: what kernels emitted by sdfg-mlir need besides the C++
// standard library. Under Vitis HLS (__SYNTHESIS__) `hls::stream` comes
// from Xilinx's <hls_stream.h> and the dataflow macros are plain calls;
// in software emulation this file gives a bounded, blocking FIFO and runs
// every processing element of a dataflow region in its own thread, so that
// streams behave as in hardware. A deadlock (every running element blocked
// on a stream) ends the program with the blocked streams named.
#ifndef SDFG_HLS_H
#define SDFG_HLS_H

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <type_traits>

#ifdef __SYNTHESIS__
#include <hls_stream.h>
#define SDFG_HLS_STREAMS(array, count, name, depth)
#define SDFG_HLS_DATAFLOW_BEGIN()
#define SDFG_HLS_DATAFLOW_AFTER(...)
#define SDFG_HLS_DATAFLOW_CALL(f, ...) f(__VA_ARGS__)
#define SDFG_HLS_DATAFLOW_CALL_AT(i, f, ...) f(__VA_ARGS__)
#define SDFG_HLS_DATAFLOW_END()
#else
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace sdfg_hls {

// One lock for every stream: blocking and the deadlock count change together.
struct Scheduler {
    std::mutex lock;
    long running = 1;  // threads not finished, the caller's included
    long blocked = 0;  // of those, waiting on a stream
    std::vector<std::string> waits;  // what each blocked thread waits for

    static Scheduler &get() {
        static Scheduler s;
        return s;
    }

    // Called with the lock held whenever `running` or `blocked` changes.
    void check() {
        if (running > 0 && blocked >= running) {
            std::fprintf(stderr, "error: FPGA emulation: deadlock: every processing element waits on a stream:");
            for (auto &w : waits) std::fprintf(stderr, " %s;", w.c_str());
            std::fprintf(stderr, "\n");
            std::fflush(stderr);
            _exit(1);
        }
    }
};

}  // namespace sdfg_hls

namespace hls {

// A FIFO of `depth` elements: `write` blocks while full, `read` while empty.
template <typename T>
class stream {
  public:
    stream() = default;
    explicit stream(const char *name) : name_(name) {}
    stream(const stream &) = delete;
    stream &operator=(const stream &) = delete;

    void configure(const std::string &name, long depth) {
        name_ = name;
        depth_ = depth < 1 ? 1 : depth;
    }

    void write(const T &v) {
        auto &s = sdfg_hls::Scheduler::get();
        std::unique_lock<std::mutex> g(s.lock);
        wait(g, not_full_, writers_, "writes full stream", [&] { return (long)items_.size() < depth_; });
        items_.push_back(v);
        wake(s, readers_, not_empty_);
    }

    T read() {
        auto &s = sdfg_hls::Scheduler::get();
        std::unique_lock<std::mutex> g(s.lock);
        wait(g, not_empty_, readers_, "reads empty stream", [&] { return !items_.empty(); });
        T v = items_.front();
        items_.pop_front();
        wake(s, writers_, not_full_);
        return v;
    }

    bool empty() {
        std::lock_guard<std::mutex> g(sdfg_hls::Scheduler::get().lock);
        return items_.empty();
    }

    bool full() {
        std::lock_guard<std::mutex> g(sdfg_hls::Scheduler::get().lock);
        return (long)items_.size() >= depth_;
    }

  private:
    // A waiter counts as blocked until someone makes room for it: the one
    // who wakes it takes it off the count, so a thread woken but not yet
    // running is never taken for blocked.
    template <typename Ready>
    void wait(std::unique_lock<std::mutex> &g, std::condition_variable &cv, long &waiting, const char *what, Ready ready) {
        auto &s = sdfg_hls::Scheduler::get();
        while (!ready()) {
            std::string w = std::string(what) + " '" + name_ + "'";
            s.waits.push_back(w);
            ++waiting;
            ++s.blocked;
            s.check();
            long turn = wakes_;
            cv.wait(g, [&] { return wakes_ != turn; });
            for (auto it = s.waits.begin(); it != s.waits.end(); ++it) {
                if (*it == w) {
                    s.waits.erase(it);
                    break;
                }
            }
        }
    }

    void wake(sdfg_hls::Scheduler &s, long &waiting, std::condition_variable &cv) {
        if (waiting > 0) {
            s.blocked -= waiting;
            waiting = 0;
            ++wakes_;
            cv.notify_all();
        }
    }

    std::string name_ = "stream";
    long depth_ = 1;
    std::deque<T> items_;
    std::condition_variable not_empty_, not_full_;
    long readers_ = 0, writers_ = 0, wakes_ = 0;
};

}  // namespace hls

namespace sdfg_hls {

// The processing elements of one dataflow region, each in its own thread.
// An element that reads memory others write starts when they have finished
// (HLS passes such arrays between processes as ping-pong buffers).
class Dataflow {
  public:
    // The next call starts after the calls numbered `deps` (0 = the first).
    void after(std::vector<int> deps) { deps_ = std::move(deps); }

    void call(std::function<void()> body) {
        auto &s = Scheduler::get();
        int self = (int)threads_.size();
        std::vector<int> deps = std::move(deps_);
        deps_.clear();
        {
            std::lock_guard<std::mutex> g(s.lock);
            ++s.running;
            ++alive_;
            finished_.push_back(false);
        }
        threads_.emplace_back([this, body, deps, self, &s]() {
            {
                std::unique_lock<std::mutex> g(s.lock);
                for (int d : deps) {
                    while (!finished_[d]) {
                        std::string w = "processing element " + std::to_string(self) + " waits for element " + std::to_string(d) + " to finish";
                        s.waits.push_back(w);
                        ++waiters_;
                        ++s.blocked;
                        s.check();
                        long turn = wakes_;
                        done_.wait(g, [&] { return wakes_ != turn; });
                        for (auto it = s.waits.begin(); it != s.waits.end(); ++it) {
                            if (*it == w) {
                                s.waits.erase(it);
                                break;
                            }
                        }
                    }
                }
            }
            body();
            std::lock_guard<std::mutex> g(s.lock);
            finished_[self] = true;
            --s.running;
            // The last element hands the joining caller its place back under
            // the same lock, so that it never looks blocked in between.
            if (--alive_ == 0 && joining_) {
                joining_ = false;
                ++s.running;
            }
            if (waiters_ > 0) {
                s.blocked -= waiters_;
                waiters_ = 0;
                ++wakes_;
                done_.notify_all();
            }
            s.check();
        });
    }

    // The caller waits without counting as running.
    void join() {
        auto &s = Scheduler::get();
        {
            std::lock_guard<std::mutex> g(s.lock);
            if (alive_ > 0) {
                joining_ = true;
                --s.running;
                s.check();
            }
        }
        for (auto &t : threads_) t.join();
    }

  private:
    std::vector<std::thread> threads_;
    std::deque<bool> finished_;
    std::vector<int> deps_;
    std::condition_variable done_;
    long waiters_ = 0, wakes_ = 0;
    long alive_ = 0;  // elements not finished
    bool joining_ = false;
};

template <typename T>
void configure_streams(hls::stream<T> *first, long count, const char *name, long depth) {
    for (long i = 0; i < count; ++i) {
        first[i].configure(count == 1 ? std::string(name) : std::string(name) + "[" + std::to_string(i) + "]", depth);
    }
}

}  // namespace sdfg_hls

#define SDFG_HLS_STREAMS(array, count, name, depth) sdfg_hls::configure_streams(array, count, name, depth)
#define SDFG_HLS_DATAFLOW_BEGIN() sdfg_hls::Dataflow sdfg_hls_dataflow
#define SDFG_HLS_DATAFLOW_AFTER(...) sdfg_hls_dataflow.after({__VA_ARGS__})
#define SDFG_HLS_DATAFLOW_CALL(f, ...) sdfg_hls_dataflow.call([&]() { f(__VA_ARGS__); })
// Inside an unrolled loop: each element keeps its own value of `i`.
#define SDFG_HLS_DATAFLOW_CALL_AT(i, f, ...) sdfg_hls_dataflow.call([&, i]() { f(__VA_ARGS__); })
#define SDFG_HLS_DATAFLOW_END() sdfg_hls_dataflow.join()
#endif

// Python's and DaCe's arithmetic where C++'s differs.
namespace sdfg_hls {

// Memory of a transient sized by symbols the program assigns while it
// runs: resized where a state uses it, keeping what it holds.
template <typename T>
class buffer {
  public:
    T *resize(long long n) {
        if (n > size_) {
            std::unique_ptr<T[]> bigger(new T[n]());
            for (long long i = 0; i < size_; ++i) bigger[i] = data_[i];
            data_.swap(bigger);
            size_ = n;
        }
        return data_.get();
    }

  private:
    std::unique_ptr<T[]> data_;
    long long size_ = 0;
};

template <typename A, typename B>
auto truediv(A a, B b) {
    if constexpr (std::is_integral<A>::value && std::is_integral<B>::value) {
        return (double)a / (double)b;
    } else {
        return a / b;
    }
}

// `//` in tasklets: C's truncating division on integers, floor on floats.
template <typename A, typename B>
auto floordiv(A a, B b) {
    if constexpr (std::is_integral<A>::value && std::is_integral<B>::value) {
        return a / b;
    } else {
        return std::floor(a / b);
    }
}

// `%` in tasklets: C's remainder.
template <typename A, typename B>
auto rem(A a, B b) {
    if constexpr (std::is_integral<A>::value && std::is_integral<B>::value) {
        return a % b;
    } else {
        return std::fmod(a, b);
    }
}

// Python's `%` of symbolic expressions: the sign of the divisor.
template <typename A, typename B>
auto mod(A a, B b) {
    if constexpr (std::is_integral<A>::value && std::is_integral<B>::value) {
        return ((a % b) + b) % b;
    } else {
        return a - std::floor(a / b) * b;
    }
}

inline long long int_floor(long long a, long long b) {
    long long q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

inline long long int_ceil(long long a, long long b) {
    long long q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

// `x ** k` for a constant integer k, by repeated multiplication.
template <typename T>
T ipow(T x, long long k) {
    if (k < 0) return T(1) / ipow(x, -k);
    T r = T(1);
    while (k > 0) {
        if (k & 1) r *= x;
        x *= x;
        k >>= 1;
    }
    return r;
}

template <typename A, typename B>
auto pow(A a, B b) {
    if constexpr (std::is_integral<A>::value && std::is_integral<B>::value) {
        return ipow<typename std::common_type<A, B>::type>(a, b);
    } else {
        return std::pow(a, b);
    }
}

template <typename A>
A min(A a) {
    return a;
}
template <typename A, typename B, typename... R>
auto min(A a, B b, R... r) {
    typedef typename std::common_type<A, B>::type T;
    return min((T)b < (T)a ? (T)b : (T)a, r...);
}
template <typename A>
A max(A a) {
    return a;
}
template <typename A, typename B, typename... R>
auto max(A a, B b, R... r) {
    typedef typename std::common_type<A, B>::type T;
    return max((T)a < (T)b ? (T)b : (T)a, r...);
}

template <typename A>
auto abs(A a) {
    if constexpr (std::is_integral<A>::value) {
        return a < 0 ? -a : a;
    } else {
        return std::abs(a);
    }
}

}  // namespace sdfg_hls

#endif
