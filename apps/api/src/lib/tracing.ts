import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from './log-redaction.ts';

/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: a span per request and per hook and
 * handler (@fastify/otel, Fastify's own instrumentation: no patching of modules), exported over OTLP/HTTP
 * in batches to `<endpoint>/v1/traces`, named by OTEL_SERVICE_NAME. The packages are loaded only when it is
 * on, so an app without traces pays nothing for them.
 */
export interface TracingSettings {
  endpoint: string;
  serviceName: string;
}

export async function tracingPlugin(settings: TracingSettings): Promise<FastifyPluginAsync> {
  const [
    { default: FastifyOtel },
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    resources,
  ] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/$/, '')}/v1/traces` }),
      ),
    ],
  });
  const instrumentation = new FastifyOtel({
    // No phone number, e-mail address or token in a span either.
    requestHook: (span, request) => span.setAttribute('url.path', redactUrl(request.url)),
  });
  instrumentation.setTracerProvider(provider);
  // Not encapsulated: its hooks must see every route of the app.
  return fp(
    async (app: FastifyInstance) => {
      await app.register(instrumentation.plugin());
      // The last spans leave before the process does.
      app.addHook('onClose', async () => {
        await provider.shutdown();
      });
    },
    { name: 'tracing' },
  );
}
