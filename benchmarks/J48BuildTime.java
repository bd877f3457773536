// Build time of Weka's J48 on ARFF files, in one warm JVM (used by benchmarks/c45_speed.py).
//
// Usage: java -cp weka.jar J48BuildTime.java REPEAT J48-OPTIONS... -- FILE...
// Every file is built once, in order (the JIT warms up meanwhile), then REPEAT times; printed
// per file, one line "file<TAB>wall<TAB>cpu<TAB>first": the best wall-clock and thread CPU
// seconds of the REPEAT builds, and the wall-clock seconds of the first build.
import java.io.BufferedReader;
import java.io.FileReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import weka.classifiers.trees.J48;
import weka.core.Instances;

public class J48BuildTime {
    public static void main(String[] args) throws Exception {
        int repeat = Integer.parseInt(args[0]);
        int sep = Arrays.asList(args).indexOf("--");
        String[] options = Arrays.copyOfRange(args, 1, sep);
        List<Instances> data = new ArrayList<>();
        for (int i = sep + 1; i < args.length; i++) {
            try (BufferedReader reader = new BufferedReader(new FileReader(args[i]))) {
                Instances instances = new Instances(reader);
                instances.setClassIndex(instances.numAttributes() - 1);
                data.add(instances);
            }
        }
        double[] first = new double[data.size()];
        for (int i = 0; i < data.size(); i++) {
            long start = System.nanoTime();
            build(options, data.get(i));
            first[i] = (System.nanoTime() - start) / 1e9;
        }
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < data.size(); i++) {
            double wall = Double.POSITIVE_INFINITY, cpu = Double.POSITIVE_INFINITY;
            for (int r = 0; r < repeat; r++) {
                long start = System.nanoTime(), startCpu = bean.getCurrentThreadCpuTime();
                build(options, data.get(i));
                wall = Math.min(wall, (System.nanoTime() - start) / 1e9);
                cpu = Math.min(cpu, (bean.getCurrentThreadCpuTime() - startCpu) / 1e9);
            }
            System.out.println(args[sep + 1 + i] + "\t" + wall + "\t" + cpu + "\t" + first[i]);
        }
    }

    private static void build(String[] options, Instances instances) throws Exception {
        J48 tree = new J48();
        tree.setOptions(options.clone());  // setOptions consumes its argument
        tree.buildClassifier(instances);
    }
}
