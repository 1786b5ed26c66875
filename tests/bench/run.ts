// npm run bench: the performance benchmarks arrive with the performance issue.
console.log("no benchmarks yet");
