export { projectEvents } from './project-events';
export { silentLogger, eventually, testEventStore } from './runner-test-kit';
export { seenEventsProjector } from './seen-events.projector';
export { eventRecorder } from './event-recorder';
