package dev.sdo.benchmarks.report;

import java.util.List;
import java.util.Locale;

/** Small, dependency-free SVG charts: enough for a README, deterministic text for a diff. */
final class SvgCharts {
    private static final String[] COLOURS = {"#1b6ac9", "#d9480f", "#2b8a3e", "#862e9c", "#e67700", "#495057",
        "#0b7285"};
    private static final int WIDTH = 720;
    private static final int HEIGHT = 400;
    private static final int LEFT = 80;
    private static final int RIGHT = 160;
    private static final int TOP = 40;
    private static final int BOTTOM = 60;

    /** A named series of y values, one per x. */
    record Series(String name, List<Double> values) {
    }

    private SvgCharts() {
    }

    /** A line chart over x values spaced evenly (e.g. powers of two), with a linear y axis from 0. */
    static String lines(String title, String xLabel, String yLabel, List<String> xs, List<Series> series) {
        double max = series.stream().flatMap(s -> s.values().stream()).filter(Double::isFinite)
                .mapToDouble(Double::doubleValue).max().orElse(1);
        double top = niceCeiling(max);
        StringBuilder svg = header(title);
        axes(svg, xLabel, yLabel, top);
        int plotWidth = WIDTH - LEFT - RIGHT;
        for (int i = 0; i < xs.size(); i++) {
            double x = LEFT + (xs.size() == 1 ? 0 : plotWidth * i / (double) (xs.size() - 1));
            svg.append(text(x, HEIGHT - BOTTOM + 18, xs.get(i), "middle", 11));
        }
        for (int s = 0; s < series.size(); s++) {
            StringBuilder points = new StringBuilder();
            List<Double> values = series.get(s).values();
            for (int i = 0; i < values.size(); i++) {
                if (!Double.isFinite(values.get(i))) {
                    continue;
                }
                double x = LEFT + (values.size() == 1 ? 0 : plotWidth * i / (double) (values.size() - 1));
                points.append(fmt(x)).append(',').append(fmt(y(values.get(i), top))).append(' ');
            }
            String colour = COLOURS[s % COLOURS.length];
            svg.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"2.5\" points=\"")
                    .append(points.toString().trim()).append("\"/>\n");
            legend(svg, s, series.get(s).name());
        }
        return svg.append("</svg>\n").toString();
    }

    /** Grouped vertical bars: one group per category, one bar per series, linear y axis from 0. */
    static String bars(String title, String yLabel, List<String> categories, List<Series> series) {
        double max = series.stream().flatMap(s -> s.values().stream()).filter(Double::isFinite)
                .mapToDouble(Double::doubleValue).max().orElse(1);
        double top = niceCeiling(max);
        StringBuilder svg = header(title);
        axes(svg, "", yLabel, top);
        int plotWidth = WIDTH - LEFT - RIGHT;
        double groupWidth = plotWidth / (double) categories.size();
        double barWidth = groupWidth * 0.8 / series.size();
        for (int c = 0; c < categories.size(); c++) {
            double groupLeft = LEFT + groupWidth * c + groupWidth * 0.1;
            svg.append(text(groupLeft + groupWidth * 0.4, HEIGHT - BOTTOM + 18, categories.get(c), "middle", 11));
            for (int s = 0; s < series.size(); s++) {
                double value = series.get(s).values().get(c);
                if (!Double.isFinite(value)) {
                    continue;
                }
                double yTop = y(value, top);
                svg.append("<rect x=\"").append(fmt(groupLeft + barWidth * s)).append("\" y=\"").append(fmt(yTop))
                        .append("\" width=\"").append(fmt(barWidth)).append("\" height=\"")
                        .append(fmt(HEIGHT - BOTTOM - yTop)).append("\" fill=\"")
                        .append(COLOURS[s % COLOURS.length]).append("\"/>\n");
            }
        }
        for (int s = 0; s < series.size(); s++) {
            legend(svg, s, series.get(s).name());
        }
        return svg.append("</svg>\n").toString();
    }

    private static StringBuilder header(String title) {
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
                .append(HEIGHT).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" font-family=\"sans-serif\">\n")
                .append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n")
                .append(text(WIDTH / 2.0, 24, title, "middle", 15));
        return svg;
    }

    private static void axes(StringBuilder svg, String xLabel, String yLabel, double top) {
        int bottom = HEIGHT - BOTTOM;
        for (int tick = 0; tick <= 4; tick++) {
            double value = top * tick / 4;
            double y = y(value, top);
            svg.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT).append("\" y1=\"")
                    .append(fmt(y)).append("\" y2=\"").append(fmt(y)).append("\" stroke=\"#dee2e6\"/>\n");
            svg.append(text(LEFT - 6, y + 4, number(value), "end", 11));
        }
        svg.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(LEFT).append("\" y1=\"").append(TOP)
                .append("\" y2=\"").append(bottom).append("\" stroke=\"black\"/>\n");
        svg.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT).append("\" y1=\"")
                .append(bottom).append("\" y2=\"").append(bottom).append("\" stroke=\"black\"/>\n");
        svg.append(text((LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 18, xLabel, "middle", 12));
        svg.append("<text x=\"18\" y=\"").append(fmt((TOP + bottom) / 2.0))
                .append("\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 18 ")
                .append(fmt((TOP + bottom) / 2.0)).append(")\">").append(escape(yLabel)).append("</text>\n");
    }

    private static void legend(StringBuilder svg, int index, String name) {
        double y = TOP + 10 + index * 20;
        svg.append("<rect x=\"").append(WIDTH - RIGHT + 12).append("\" y=\"").append(fmt(y - 9))
                .append("\" width=\"12\" height=\"12\" fill=\"").append(COLOURS[index % COLOURS.length])
                .append("\"/>\n");
        svg.append(text(WIDTH - RIGHT + 30, y + 2, name, "start", 12));
    }

    private static double y(double value, double top) {
        return HEIGHT - BOTTOM - (HEIGHT - BOTTOM - TOP) * value / top;
    }

    /** 1, 2 or 5 times a power of ten, at least {@code max}: round axis ticks. */
    private static double niceCeiling(double max) {
        if (max <= 0) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(max)));
        for (double step : new double[] {1, 2, 4, 5, 10}) {
            if (step * power >= max) {
                return step * power;
            }
        }
        return 10 * power;
    }

    private static String text(double x, double y, String content, String anchor, int size) {
        return "<text x=\"" + fmt(x) + "\" y=\"" + fmt(y) + "\" font-size=\"" + size + "\" text-anchor=\"" + anchor
                + "\">" + escape(content) + "</text>\n";
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.2f", value);
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
