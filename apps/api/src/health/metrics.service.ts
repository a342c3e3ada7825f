import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HealthService } from './health.service';

/** Prometheus metrics: process defaults, HTTP latency, and each projector's lag, read at scrape time. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'arena_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  constructor(private readonly health: HealthService) {
    collectDefaultMetrics({ register: this.registry, prefix: 'arena_' });
    const lagEvents = new Gauge({
      name: 'arena_projection_lag_events',
      help: 'Events committed to the log that a projector has not applied yet',
      labelNames: ['projector'] as const,
      registers: [this.registry],
    });
    const lagSeconds = new Gauge({
      name: 'arena_projection_lag_seconds',
      help: 'Age of the oldest event a projector has not applied yet (0 when caught up)',
      labelNames: ['projector'] as const,
      registers: [this.registry],
    });
    const failing = new Gauge({
      name: 'arena_projection_failing',
      help: '1 while a projector is stopped at an event that throws',
      labelNames: ['projector'] as const,
      registers: [this.registry],
    });
    const checkpoint = new Gauge({
      name: 'arena_projection_checkpoint',
      help: 'Global position (sequence part) of the last event a projector applied',
      labelNames: ['projector'] as const,
      registers: [this.registry],
    });
    new Gauge({
      name: 'arena_projections_scrape_ok',
      help: '1 when the projection statuses could be read for this scrape',
      registers: [this.registry],
      async collect() {
        try {
          for (const status of await health.projections()) {
            lagEvents.set({ projector: status.name }, status.lagEvents);
            lagSeconds.set({ projector: status.name }, status.lagMs / 1000);
            failing.set({ projector: status.name }, status.state === 'failing' ? 1 : 0);
            checkpoint.set({ projector: status.name }, Number(status.position.prepare));
          }
          this.set(1);
        } catch {
          this.set(0);
        }
      },
    });
  }
}
