import { flow, plot, stack } from '../demo-diagrams.js';
import { box, code, type DemoEntry, h, h2, ol, p, paper, q, section, table, ul } from '../demo-kit.js';

// Points of the worked regression example: hours studied against marks out of 100.
const HOURS = [1, 2, 3, 4, 5, 6, 7, 8];
const MARKS = [35, 42, 50, 55, 61, 70, 74, 83];

/** Demo resources of CSE semesters 6-8: machine learning, cloud computing and security. */
export const CSE_ADVANCED: DemoEntry[] = [
  {
    branch: 'cse', semester: 6, subject: 'Machine Learning', resourceType: 'NOTES', academicYear: '2024-25',
    originalName: 'ML Unit 1 - Intro + Linear Regression (with code).pdf', uploader: 'admin', downloads: 137,
    title: 'Unit 1 - Introduction and Linear Regression', preparedBy: 'Dr. Kavya Nair, Dept. of CSE', createdAt: '2025-02-03T17:00',
    pages: [
      [
        h('1.1 What is Machine Learning?'),
        p('Tom Mitchell\'s definition: a computer program is said to **learn** from experience E with respect to some task T and performance measure P if its performance at T, as measured by P, improves with experience E. For a spam filter, T is classifying e-mails, E is a set of e-mails labelled by users and P is the fraction classified correctly.'),
        table(
          ['Type', 'Data', 'Goal', 'Examples'],
          [
            ['Supervised', 'Inputs with labels', 'Predict the label of new inputs', 'Regression, classification (spam, digit recognition)'],
            ['Unsupervised', 'Inputs only', 'Find structure', 'Clustering (k-means), dimensionality reduction (PCA)'],
            ['Reinforcement', 'Rewards from an environment', 'Learn a policy that maximises reward', 'Game playing, robot control'],
          ],
          { widths: [1.1, 1.2, 1.6, 2.2] },
        ),
        h2('The workflow of a supervised learning project'),
        flow(['Collect and\nclean data', 'Split train /\ntest', 'Train\nmodel', 'Evaluate on\ntest set', 'Deploy'], 'Fig. 1.1: A typical pipeline; evaluation often sends us back to feature engineering', { loopBack: 'tune features and hyperparameters' }),
        p('The data is split before anything is learned - commonly 80 percent for training and 20 percent for testing - so that the test error estimates how the model will do on data it has never seen. Hyperparameters are tuned on a separate validation set or by k-fold cross-validation, never on the test set.'),
        box('Notation used in these notes', 'm = number of training examples, n = number of features, x(i) = feature vector of the i-th example, y(i) = its target value, h(x) = the hypothesis (model prediction), theta = vector of parameters.'),
      ],
      [
        h('1.2 Linear Regression'),
        p('Linear regression predicts a real number as a linear function of the features: h(x) = theta0 + theta1 x1 + ... + thetan xn. With one feature it fits a straight line through the data. The parameters are chosen to minimise the **mean squared error** cost J(theta) = (1 / 2m) sum over i of (h(x(i)) - y(i))^2.'),
        plot(
          [(x) => 28.64 + 6.69 * x],
          { x: [0, 9], y: [0, 100] },
          { x: 'hours studied', y: 'marks', caption: 'Fig. 1.2: Eight students\' data and the least-squares line marks = 28.64 + 6.69 x hours', marks: HOURS.map((x, i) => [x, MARKS[i]!, ''] as [number, number, string]) },
        ),
        box('Normal equation', 'theta = (X^T X)^-1 X^T y, where X is the m x (n + 1) design matrix with a leading column of ones. For one feature this gives theta1 = sum((x - x_mean)(y - y_mean)) / sum((x - x_mean)^2) and theta0 = y_mean - theta1 x_mean.'),
        p('**Worked example.** For the data in Fig. 1.2, x_mean = 4.5 and y_mean = 58.75. The sums are sum((x - x_mean)(y - y_mean)) = 281 and sum((x - x_mean)^2) = 42, so theta1 = 281 / 42 = 6.69 and theta0 = 58.75 - 6.69 x 4.5 = 28.64. A student who studies 5.5 hours is predicted to score about 65 marks.'),
        h2('Gradient descent'),
        p('When n is large, inverting X^T X (O(n^3)) is expensive, and the cost is minimised iteratively instead. Starting from any theta, repeat until convergence: thetaj := thetaj - alpha (1/m) sum over i of (h(x(i)) - y(i)) xj(i), updating all j simultaneously. The learning rate alpha controls the step: too small converges slowly, too large overshoots and may diverge. Features should be scaled (e.g. standardised to mean 0 and variance 1) so that the contours of J are round rather than elongated.'),
      ],
      [
        h('1.3 Implementation'),
        code('Listing 1.1: Batch gradient descent with NumPy', `
          import numpy as np

          hours = np.array([1, 2, 3, 4, 5, 6, 7, 8], dtype=float)
          marks = np.array([35, 42, 50, 55, 61, 70, 74, 83], dtype=float)
          X = np.column_stack([np.ones_like(hours), hours])    # add the bias column
          theta = np.zeros(2)
          alpha, m = 0.02, len(marks)

          for epoch in range(20000):
              error = X @ theta - marks
              theta -= alpha / m * (X.T @ error)

          print(theta)                  # approximately [28.64, 6.69]
          print(X @ theta - marks)      # residuals`),
        code('Listing 1.2: The same model with scikit-learn', `
          from sklearn.linear_model import LinearRegression
          from sklearn.metrics import mean_squared_error, r2_score

          model = LinearRegression().fit(hours.reshape(-1, 1), marks)
          pred = model.predict(hours.reshape(-1, 1))
          print(model.intercept_, model.coef_)                 # 28.64 [6.69]
          print(mean_squared_error(marks, pred), r2_score(marks, pred))`),
        h2('Evaluation metrics for regression'),
        table(
          ['Metric', 'Formula', 'Remarks'],
          [
            ['MAE', '(1/m) sum |y - y_hat|', 'Same unit as y; robust to outliers'],
            ['MSE', '(1/m) sum (y - y_hat)^2', 'Penalises large errors heavily'],
            ['RMSE', 'sqrt(MSE)', 'Same unit as y'],
            ['R^2', '1 - SS_res / SS_tot', '1 is a perfect fit; 0 is no better than predicting the mean'],
          ],
          { widths: [0.8, 2, 2.6] },
        ),
      ],
      [
        h('1.4 Overfitting, Bias and Variance'),
        p('A model that is too simple (a straight line through curved data) has **high bias** and underfits: training and test errors are both high. A model that is too flexible (a degree-15 polynomial through 20 points) has **high variance** and overfits: the training error is tiny but the test error is large. The expected test error decomposes into bias^2 + variance + irreducible noise.'),
        plot(
          [(x) => 9 / (x + 0.6) + 0.3, (x) => 9 / (x + 0.6) + 0.08 * (x - 1.5) ** 2 + 0.9],
          { x: [0, 10], y: [0, 10] },
          { x: 'model complexity', y: 'error', caption: 'Fig. 1.3: Training error (solid) keeps falling; test error (dashed) rises again once the model overfits', dashed: [1], ticks: false },
        ),
        h2('Regularisation'),
        ul(
          '**Ridge (L2)**: add lambda sum(thetaj^2) to the cost. It shrinks all weights towards zero and has a closed form theta = (X^T X + lambda I)^-1 X^T y.',
          '**Lasso (L1)**: add lambda sum|thetaj|. It drives some weights exactly to zero, so it also selects features.',
          'lambda is a hyperparameter: lambda = 0 is plain least squares; a very large lambda underfits. Choose it by cross-validation.',
        ),
        h2('Questions for practice'),
        ol(
          'Derive the gradient of J(theta) with respect to thetaj.',
          'Why is feature scaling needed for gradient descent but not for the normal equation?',
          'Fit a line to (1, 2), (2, 3), (3, 5) by hand and compute R^2.',
        ),
      ],
    ],
  },
  {
    branch: 'cse', semester: 7, subject: 'Cloud Computing', resourceType: 'NOTES', academicYear: '2023-24',
    originalName: 'Cloud Computing short notes (service models, virtualization).pdf', uploader: 'admin', downloads: 64,
    title: 'Service Models, Deployment Models and Virtualisation', preparedBy: 'Ritika Joshi (topper notes, batch 2020-24)', createdAt: '2023-10-30T22:10',
    pages: [
      [
        h('1. Definition'),
        p('NIST defines cloud computing as a model for enabling ubiquitous, convenient, on-demand network access to a shared pool of configurable computing resources (networks, servers, storage, applications and services) that can be rapidly provisioned and released with minimal management effort or service-provider interaction.'),
        ul(
          '**On-demand self-service**: a user provisions servers or storage without talking to anyone.',
          '**Broad network access**: services are reached over standard protocols from any device.',
          '**Resource pooling**: a multi-tenant model; customers do not know where exactly their resources are.',
          '**Rapid elasticity**: capacity scales out and in automatically with demand.',
          '**Measured service**: usage is metered and billed (pay-as-you-go).',
        ),
        h('2. Service Models'),
        stack(['SaaS: applications (Gmail, Microsoft 365, Salesforce)', 'PaaS: runtime and middleware (Google App Engine, Heroku)', 'IaaS: virtual machines, storage, networks (AWS EC2, Azure VMs)', 'Physical data centre: servers, disks, cooling, power'], 'Fig. 1: The further up the stack, the more the provider manages', ['user only configures the app', 'user deploys code', 'user manages OS and above', 'provider']),
        table(
          ['Deployment model', 'Who uses it', 'Example'],
          [['Public cloud', 'Anyone, over the Internet', 'AWS, Microsoft Azure, Google Cloud'], ['Private cloud', 'One organisation', 'OpenStack in a bank\'s own data centre'], ['Community cloud', 'Organisations with shared concerns', 'A government cloud such as MeghRaj'], ['Hybrid cloud', 'Private and public combined', 'Burst to public cloud during peak load']],
          { widths: [1.2, 1.8, 2.4] },
        ),
      ],
      [
        h('3. Virtualisation'),
        p('Virtualisation runs several isolated virtual machines on one physical machine. A **hypervisor** (virtual machine monitor) multiplexes the CPU, memory and devices among the guests. A **type 1** (bare-metal) hypervisor runs directly on the hardware - VMware ESXi, Microsoft Hyper-V, Xen, KVM - while a **type 2** (hosted) hypervisor runs as an application on a host OS - VirtualBox, VMware Workstation.'),
        table(
          ['', 'Virtual machines', 'Containers (Docker)'],
          [['Isolation', 'Full guest OS per VM', 'Shared host kernel, namespaces and cgroups'], ['Start-up time', 'Tens of seconds', 'Under a second'], ['Image size', 'Gigabytes', 'Megabytes'], ['Best for', 'Running different OSes, strong isolation', 'Microservices, CI pipelines']],
          { widths: [1, 2, 2.4] },
        ),
        code('Listing 1: Running a web server in a container', `
          $ docker run -d --name web -p 8080:80 nginx:1.25
          $ docker ps                      # list running containers
          $ docker stop web && docker rm web`),
        h('4. Important Short Questions'),
        ol(
          'Differentiate between scalability and elasticity.',
          'What is a service-level agreement (SLA)? List three of its parameters.',
          'Explain full virtualisation versus para-virtualisation.',
          'What is serverless computing? Give an example (AWS Lambda, Azure Functions).',
          'Write two security concerns of a multi-tenant public cloud.',
        ),
        box('Remember', 'Availability of 99.9 percent allows 8.76 hours of downtime per year; 99.99 percent allows only 52.6 minutes.'),
      ],
    ],
  },
  {
    branch: 'cse', semester: 8, subject: 'Cyber Security', resourceType: 'PYQ', academicYear: '2022-23',
    originalName: 'CyberSecurity_PYQ_May2023.pdf', uploader: 'admin', downloads: 88,
    title: 'Cyber Security (open elective) - May 2023', preparedBy: 'Office of the Controller of Examinations', createdAt: '2023-06-12T11:25',
    exam: paper('End Semester Examination, May 2023', 'BCS-801', 70, 'Section A is compulsory. Attempt any three questions from Section B and any two from Section C.'),
    pages: [
      [
        section('SECTION A', 'Attempt all questions. Each question carries 2 marks. (7 x 2 = 14)'),
        q(1,
          ['a', 'Define the CIA triad.', 2],
          ['b', 'Distinguish between a virus and a worm.', 2],
          ['c', 'What is a zero-day vulnerability?', 2],
          ['d', 'What is the role of a salt in password hashing?', 2],
          ['e', 'Name two sections of the Information Technology Act, 2000 dealing with cyber offences.', 2],
          ['f', 'What is phishing? How can a user recognise a phishing e-mail?', 2],
          ['g', 'Differentiate between symmetric and asymmetric encryption.', 2],
        ),
        section('SECTION B', 'Attempt any three questions. Each question carries 10 marks. (3 x 10 = 30)'),
        q(2, ['Explain SQL injection with an example of a vulnerable login query. How do prepared statements prevent it?', 10]),
        q(3, ['In RSA, let p = 5, q = 11 and e = 3. Find n, phi(n) and d. Encrypt the message M = 9 and decrypt the result.', 10]),
        q(4, ['Describe the phases of a penetration test. Which tools would you use in the reconnaissance and scanning phases?', 10]),
        q(5, ['What is a firewall? Compare packet-filtering, stateful inspection and application-level gateway firewalls.', 10]),
      ],
      [
        section('SECTION C', 'Attempt any two questions. Each question carries 13 marks. (2 x 13 = 26)'),
        q(6,
          ['a', 'Explain the working of the Diffie-Hellman key exchange with p = 23 and g = 5, when the private keys are a = 6 and b = 15.', 8],
          ['b', 'Show how a man-in-the-middle attack defeats unauthenticated Diffie-Hellman.', 5],
        ),
        q(7,
          ['a', 'Explain cross-site scripting (stored, reflected and DOM-based) and its countermeasures, including a Content Security Policy.', 8],
          ['b', 'What is a digital signature? How does it provide non-repudiation?', 5],
        ),
        q(8,
          ['a', 'Describe the steps of digital forensic investigation, from seizure to presentation in court, and the importance of the chain of custody.', 8],
          ['b', 'Write short notes on ransomware with reference to the WannaCry attack of 2017.', 5],
        ),
      ],
    ],
  },
];
