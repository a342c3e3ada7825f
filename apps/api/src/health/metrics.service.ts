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
    // A scrape collects every metric at once: the projection gauges all wait for one read of the
    // statuses, so each scrape reports its own figures, not the previous scrape's.
    let reading: Promise<void> | null = null;
    const collect = () => (reading ??= readStatuses().finally(() => (reading = null)));
    const lagEvents = new Gauge({
      name: 'arena_projection_lag_events',
      help: 'Events of its types committed to the log that a projector has not applied yet',
      labelNames: ['projector'] as const,
      registers: [this.registry],
      collect,
    });
    const lagSeconds = new Gauge({
      name: 'arena_projection_lag_seconds',
      help: 'Age of the oldest event a projector has not applied yet (0 when caught up)',
      labelNames: ['projector'] as const,
      registers: [this.registry],
      collect,
    });
    const failing = new Gauge({
      name: 'arena_projection_failing',
      help: '1 while a projector is stopped at an event that throws or cannot read the log',
      labelNames: ['projector'] as const,
      registers: [this.registry],
      collect,
    });
    const checkpoint = new Gauge({
      name: 'arena_projection_checkpoint',
      help: 'Global position (sequence part) of the last event a projector applied',
      labelNames: ['projector'] as const,
      registers: [this.registry],
      collect,
    });
    const scrapeOk = new Gauge({
      name: 'arena_projections_scrape_ok',
      help: '1 when the projection statuses could be read for this scrape',
      registers: [this.registry],
      collect,
    });
    async function readStatuses(): Promise<void> {
      try {
        for (const status of await health.projections()) {
          const projector = { projector: status.name };
          // Unknown while the log cannot be read: no sample rather than a stale one.
          if (status.lagEvents === null) lagEvents.remove(projector);
          else lagEvents.set(projector, status.lagEvents);
          if (status.lagMs === null) lagSeconds.remove(projector);
          else lagSeconds.set(projector, status.lagMs / 1000);
          failing.set(projector, status.state === 'failing' ? 1 : 0);
          checkpoint.set(projector, Number(status.position.prepare));
        }
        scrapeOk.set(1);
      } catch {
        scrapeOk.set(0);
      }
    }
  }
}
